import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, securePrivateDataDir, type AtendeConfig } from '@atende/config';
import {
  RedisKeyStore,
  encryptedStore,
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
 * The deployment's keys, where its processes keep them (the one place that chooses): DATA_DIR/keys.db,
 * or Redis under the processes' key prefix when the log is on EventStoreDB (no shared disk).
 */
export function openKeysForOps(
  config: AtendeConfig,
  redisPrefix = process.env.ATENDE_REDIS_PREFIX || 'atende:',
): DeploymentKeys {
  return openDeploymentKeys(
    config.dataDir,
    config.ATENDE_MASTER_KEY,
    config.EVENTSTORE_URL
      ? (master) => new RedisKeyStore(config.REDIS_URL, `${redisPrefix}keys:`, master)
      : undefined,
    config.SQLITE_SYNCHRONOUS,
  );
}

/** The event store the running product uses (the SQLite file under DATA_DIR), its fields opened. */
export function openStoreForOps(config: AtendeConfig): EncryptedEventStore {
  const filename = path.join(config.dataDir, 'events.db');
  if (!existsSync(filename))
    throw new CliError(`no event store at ${filename} (set DATA_DIR, or run npm start once)`);
  return encryptedStore(openEventStore({ kind: 'sqlite', filename }), openKeysForOps(config));
}

/**
 * The event log of the deployment, in either mode: EventStoreDB when EVENTSTORE_URL is set,
 * otherwise the SQLite file in DATA_DIR (shared by every process on the machine). pt-BR errors.
 */
export function openSharedStoreForOps(config: AtendeConfig): EncryptedEventStore {
  if (config.EVENTSTORE_URL) {
    return encryptedStore(
      openEventStore({ kind: 'eventstoredb', connectionString: config.EVENTSTORE_URL }),
      openKeysForOps(config),
    );
  }
  const filename = path.join(config.dataDir, 'events.db');
  if (!existsSync(filename)) {
    throw new CliError(
      `nenhum registro de eventos em ${filename} (defina DATA_DIR, ou rode npm start uma vez)`,
    );
  }
  return encryptedStore(
    openEventStore({ kind: 'sqlite', filename, synchronous: config.SQLITE_SYNCHRONOUS }),
    openKeysForOps(config),
  );
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
