import { existsSync } from 'node:fs';
import { loadConfig, securePrivateDataDir, type AtendeConfig } from '@atende/config';
import {
  encryptedStore,
  openEventStore,
  type DeploymentKeys,
  type EncryptedEventStore,
} from '@atende/event-store';
import { keyStorePlan, logLocation, openKeys } from '@atende/server';
import { allProjections, type Projection } from '@atende/projector';
import { CliError } from './cli-error.js';

export function opsConfig(): AtendeConfig {
  const config = loadConfig();
  // What an ops command writes into DATA_DIR (a WAL file, a rebuilt read model) is private too.
  if (existsSync(config.dataDir)) securePrivateDataDir(config.dataDir);
  return config;
}

/** The deployment's keys, where its processes keep them (the server's one choice: keyStorePlan). */
export function openKeysForOps(config: AtendeConfig): DeploymentKeys {
  return openKeys({
    dataDir: config.dataDir,
    keys: keyStorePlan(config),
    masterKey: config.ATENDE_MASTER_KEY,
  });
}

/**
 * The event log of the deployment, in either mode: PostgreSQL or EventStoreDB when EVENTSTORE_URL is
 * set, otherwise the SQLite file in DATA_DIR (shared by every process on the machine). pt-BR errors.
 */
export function openSharedStoreForOps(config: AtendeConfig): EncryptedEventStore {
  const location = logLocation(config);
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
