import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, securePrivateDataDir, type AtendeConfig } from '@atende/config';
import {
  PostgresKeyStore,
  RedisKeyStore,
  deploymentLogLocation,
  encryptedStore,
  eventLogKindOfUrl,
  openDeploymentKeys,
  openEventStore,
  type DeploymentKeys,
  type EncryptedEventStore,
} from '@atende/event-store';
import { allProjections, type Projection } from '@atende/projector';
import { CliError } from './cli-error.js';

export function opsConfig(): AtendeConfig {
  const config = loadConfig();
  // What an ops command writes into DATA_DIR (a WAL file, a rebuilt read model) is private too.
  if (existsSync(config.dataDir)) securePrivateDataDir(config.dataDir);
  return config;
}

/**
 * The deployment's keys, where its processes keep them (the one place that chooses): DATA_DIR/keys.db
 * beside a SQLite log; in the same PostgreSQL database as a PostgreSQL log (schema `atende_keys`);
 * in Redis under the processes' key prefix when the log is on EventStoreDB (no shared disk).
 */
export function openKeysForOps(
  config: AtendeConfig,
  redisPrefix = process.env.ATENDE_REDIS_PREFIX || 'atende:',
): DeploymentKeys {
  const url = config.EVENTSTORE_URL;
  const kind = url ? eventLogKindOfUrl(url) : undefined;
  return openDeploymentKeys(
    config.dataDir,
    config.ATENDE_MASTER_KEY,
    kind === 'postgres'
      ? (master) => new PostgresKeyStore({ connectionString: url! }, master)
      : kind === 'eventstoredb'
        ? (master) => new RedisKeyStore(config.REDIS_URL, `${redisPrefix}keys:`, master)
        : undefined,
    config.SQLITE_SYNCHRONOUS,
  );
}

/** The deployment's event log, not opened: the multi-host one of EVENTSTORE_URL, else DATA_DIR/events.db. */
export function deploymentLog(config: AtendeConfig) {
  return deploymentLogLocation({
    url: config.EVENTSTORE_URL,
    sqliteFile: path.join(config.dataDir, 'events.db'),
    synchronous: config.SQLITE_SYNCHRONOUS,
  });
}

/**
 * The event log of the deployment, in either mode: PostgreSQL or EventStoreDB when EVENTSTORE_URL is
 * set, otherwise the SQLite file in DATA_DIR (shared by every process on the machine). pt-BR errors.
 */
export function openSharedStoreForOps(config: AtendeConfig): EncryptedEventStore {
  const location = deploymentLog(config);
  if (location.kind === 'sqlite' && !existsSync(location.filename)) {
    throw new CliError(
      `nenhum registro de eventos em ${location.filename} (defina DATA_DIR, ou rode npm start uma vez)`,
    );
  }
  return encryptedStore(openEventStore(location), openKeysForOps(config));
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
