import type { EventStore } from '@atende/events';
import { createSqliteEventStore } from './sqlite/sqlite-event-store.js';
import { createEventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store.js';
import { createPostgresEventStore } from './postgres/postgres-event-store.js';

/** Where the events live; chosen by configuration. */
export type EventStoreLocation =
  | {
      kind: 'sqlite';
      filename: string;
      synchronous?: 'full' | 'normal';
      /** How often subscriptions look for other processes' appends; default 50 ms. */
      pollIntervalMs?: number;
      /** SqliteEventStoreOptions.checkpointInBackground (the product's stores: yes). */
      checkpointInBackground?: boolean;
      /** SqliteEventStoreOptions.syncInBackground: for a file only this process appends to. */
      syncInBackground?: boolean;
    }
  | {
      kind: 'eventstoredb';
      /** e.g. `esdb://localhost:2113?tls=false`. */
      connectionString: string;
      /** Prefix of every stream (several deployments or test runs on one server); default none. */
      namespace?: string;
    }
  | {
      kind: 'postgres';
      /** e.g. `postgres://user:password@host:5432/database`. */
      connectionString: string;
      /** PostgreSQL schema of the tables (several deployments or test runs on one database); default `atende`. */
      schema?: string;
    };

export function openEventStore(location: EventStoreLocation): EventStore {
  switch (location.kind) {
    case 'sqlite':
      return createSqliteEventStore({
        filename: location.filename,
        synchronous: location.synchronous ?? 'full',
        ...(location.pollIntervalMs ? { pollIntervalMs: location.pollIntervalMs } : {}),
        ...(location.checkpointInBackground ? { checkpointInBackground: true } : {}),
        ...(location.syncInBackground ? { syncInBackground: true } : {}),
      });
    case 'eventstoredb':
      return createEventStoreDbEventStore({
        connectionString: location.connectionString,
        ...(location.namespace ? { namespace: location.namespace } : {}),
      });
    case 'postgres':
      return createPostgresEventStore({
        connectionString: location.connectionString,
        ...(location.schema ? { schema: location.schema } : {}),
      });
  }
}

/** The kinds of log an `EVENTSTORE_URL` can name, by its scheme. */
export function eventLogKindOfUrl(url: string): 'postgres' | 'eventstoredb' | undefined {
  const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') return 'postgres';
  if (scheme === 'esdb' || scheme === 'esdb+discover') return 'eventstoredb';
  return undefined;
}

/**
 * The deployment's event log (the one place that reads EVENTSTORE_URL): PostgreSQL for
 * `postgres://…`, EventStoreDB for `esdb://…`, else the SQLite file of one machine.
 */
export function deploymentLogLocation(options: {
  url: string | undefined;
  sqliteFile: string;
  synchronous?: 'full' | 'normal';
  /** Several processes append to the SQLite file (distributed mode on one machine). */
  sharedByProcesses?: boolean;
}): EventStoreLocation {
  if (!options.url) {
    return {
      kind: 'sqlite',
      filename: options.sqliteFile,
      ...(options.synchronous ? { synchronous: options.synchronous } : {}),
      // The relay follows the channel worker's appends: a look every 5 ms (a local indexed read)
      // instead of 50 keeps the inbound → socket path short.
      ...(options.sharedByProcesses ? { pollIntervalMs: 5 } : {}),
      checkpointInBackground: true,
    };
  }
  const kind = eventLogKindOfUrl(options.url);
  if (!kind) throw new Error('EVENTSTORE_URL must start with postgres:// or esdb://');
  return { kind, connectionString: options.url };
}

/**
 * Reads a location from the environment (used by child processes in tests and tools):
 * ATENDE_STORE_KIND=sqlite with ATENDE_STORE_FILE, ATENDE_STORE_KIND=eventstoredb with
 * EVENTSTORE_URL (and ATENDE_STORE_NAMESPACE, optional), or ATENDE_STORE_KIND=postgres with
 * EVENTSTORE_URL=postgres://… (and ATENDE_STORE_SCHEMA, optional).
 */
export function eventStoreLocationFromEnv(env: NodeJS.ProcessEnv): EventStoreLocation {
  if (env.ATENDE_STORE_KIND === 'sqlite' && env.ATENDE_STORE_FILE) {
    return { kind: 'sqlite', filename: env.ATENDE_STORE_FILE };
  }
  if (env.ATENDE_STORE_KIND === 'eventstoredb' && env.EVENTSTORE_URL) {
    return {
      kind: 'eventstoredb',
      connectionString: env.EVENTSTORE_URL,
      ...(env.ATENDE_STORE_NAMESPACE ? { namespace: env.ATENDE_STORE_NAMESPACE } : {}),
    };
  }
  if (env.ATENDE_STORE_KIND === 'postgres' && env.EVENTSTORE_URL) {
    return {
      kind: 'postgres',
      connectionString: env.EVENTSTORE_URL,
      ...(env.ATENDE_STORE_SCHEMA ? { schema: env.ATENDE_STORE_SCHEMA } : {}),
    };
  }
  throw new Error(
    'ATENDE_STORE_KIND does not describe an event store (sqlite needs ATENDE_STORE_FILE, eventstoredb and postgres need EVENTSTORE_URL)',
  );
}
