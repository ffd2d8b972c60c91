import path from 'node:path';
import type { EventStore, KeyStore } from '@atende/events';
import { EncryptedEventStore } from './encrypted-event-store.js';
import { FieldCipher } from './field-cipher.js';
import { loadMasterKey, type MasterKey } from './master-key.js';
import { SqliteKeyStore } from './sqlite-key-store.js';

/** Logged once, when DATA_DIR/master.key is made. */
export const MASTER_KEY_CREATED_MESSAGE =
  'chave mestra criada: guarde uma cópia dela longe dos backups dos dados (sem ela, nada cifrado pode ser lido)';

/** The key store's file in DATA_DIR: never the event log's file, so a copy of one is not the other. */
export const KEY_STORE_FILE = 'keys.db';

export interface DeploymentKeys {
  master: MasterKey;
  /** DATA_DIR/master.key when the key comes from that file. */
  masterFile?: string;
  /** The file was made by this start: the log should say where, and to back it up apart. */
  masterCreated: boolean;
  cipher: FieldCipher;
}

/**
 * The deployment's master key (ATENDE_MASTER_KEY or DATA_DIR/master.key) and its data keys: in
 * DATA_DIR/keys.db, or in the store `openKeys` gives (Redis when the processes share no disk).
 */
export function openDeploymentKeys(
  dataDir: string,
  masterKeyText: string | undefined,
  openKeys?: (master: MasterKey) => KeyStore,
  /** keys.db's SQLite synchronous mode: the event log's (SQLITE_SYNCHRONOUS). */
  synchronous: 'full' | 'normal' = 'full',
): DeploymentKeys {
  const { key, file, created } = loadMasterKey(dataDir, masterKeyText);
  const keys = openKeys
    ? openKeys(key)
    : new SqliteKeyStore(path.join(dataDir, KEY_STORE_FILE), key, synchronous);
  return {
    master: key,
    ...(file ? { masterFile: file } : {}),
    masterCreated: created,
    cipher: new FieldCipher(keys),
  };
}

/** An event store whose sensitive fields are encrypted with the deployment's keys. */
export function encryptedStore(raw: EventStore, keys: DeploymentKeys): EncryptedEventStore {
  return new EncryptedEventStore(raw, keys.cipher);
}
