import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, securePrivateDataDir, type AtendeConfig } from '@atende/config';
import { openEventStore } from '@atende/event-store';
import type { EventStore } from '@atende/events';
import { allProjections, type Projection } from '@atende/projector';
import { CliError } from './cli-error.js';

export function opsConfig(): AtendeConfig {
  const config = loadConfig();
  // What an ops command writes into DATA_DIR (a WAL file, a rebuilt read model) is private too.
  if (existsSync(config.dataDir)) securePrivateDataDir(config.dataDir);
  return config;
}

/** The event store the running product uses (the SQLite file under DATA_DIR). */
export function openStoreForOps(config: AtendeConfig): EventStore {
  const filename = path.join(config.dataDir, 'events.db');
  if (!existsSync(filename))
    throw new CliError(`no event store at ${filename} (set DATA_DIR, or run npm start once)`);
  return openEventStore({ kind: 'sqlite', filename });
}

/**
 * The event log of the deployment, in either mode: EventStoreDB when EVENTSTORE_URL is set,
 * otherwise the SQLite file in DATA_DIR (shared by every process on the machine). pt-BR errors.
 */
export function openSharedStoreForOps(config: AtendeConfig): EventStore {
  if (config.EVENTSTORE_URL)
    return openEventStore({ kind: 'eventstoredb', connectionString: config.EVENTSTORE_URL });
  const filename = path.join(config.dataDir, 'events.db');
  if (!existsSync(filename)) {
    throw new CliError(
      `nenhum registro de eventos em ${filename} (defina DATA_DIR, ou rode npm start uma vez)`,
    );
  }
  return openEventStore({ kind: 'sqlite', filename, synchronous: config.SQLITE_SYNCHRONOUS });
}

/** Projections named on the command line; unknown names are an operator error. */
export function selectProjections(names: string[], all: boolean): Projection[] {
  if (all) return [...allProjections];
  if (names.length === 0)
    throw new CliError('say which read models to rebuild: --projection NAME (repeatable) or --all');
  return names.map((name) => {
    const found = allProjections.find((p) => p.name === name);
    if (!found) {
      throw new CliError(
        `unknown projection "${name}" (known: ${allProjections.map((p) => p.name).join(', ')})`,
      );
    }
    return found;
  });
}
