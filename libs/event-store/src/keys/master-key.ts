import { createCipheriv, createDecipheriv, createHash, randomBytes, randomFillSync } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MasterKeyLike } from '@atende/events';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Random bytes for IVs, drawn from the CSPRNG a thousand IVs at a time (one call each cost 2 µs). */
const ivPool = Buffer.alloc(IV_BYTES * 1024);
let ivOffset = ivPool.length;

/** A view of the pool: valid only until the next call (seal copies it before returning). */
function freshIv(): Buffer {
  if (ivOffset === ivPool.length) {
    randomFillSync(ivPool);
    ivOffset = 0;
  }
  ivOffset += IV_BYTES;
  return ivPool.subarray(ivOffset - IV_BYTES, ivOffset);
}

/** AES-256-GCM of a buffer or a text (UTF-8): base64url of iv | ciphertext | tag. */
export function seal(key: Buffer, plain: Buffer | string, aad: string): string {
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = typeof plain === 'string' ? cipher.update(plain, 'utf8') : cipher.update(plain);
  const last = cipher.final();
  return Buffer.concat([iv, body, last, cipher.getAuthTag()]).toString('base64url');
}

/** The inverse of seal; throws when the key is wrong or the text was changed. */
export function unseal(key: Buffer, sealed: string, aad: string): Buffer {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed text too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
}

/** The key-encryption key: 256 bits from outside the stores (ATENDE_MASTER_KEY or DATA_DIR/master.key). */
export class MasterKey implements MasterKeyLike {
  readonly id: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`a master key has ${KEY_BYTES} bytes, not ${key.length}`);
    this.id = createHash('sha256').update(key).digest('base64url').slice(0, 12);
  }

  static random(): MasterKey {
    return new MasterKey(randomBytes(KEY_BYTES));
  }

  /** From its text form (base64 or base64url of 32 bytes). */
  static parse(text: string): MasterKey {
    return new MasterKey(Buffer.from(text.trim(), 'base64url'));
  }

  toString(): string {
    return this.key.toString('base64url');
  }

  wrap(dataKey: Buffer): string {
    return seal(this.key, dataKey, `atende-data-key:${this.id}`);
  }

  unwrap(wrapped: string): Buffer {
    return unseal(this.key, wrapped, `atende-data-key:${this.id}`);
  }
}

export const MASTER_KEY_FILE = 'master.key';

/**
 * The deployment's master key: ATENDE_MASTER_KEY when given; otherwise DATA_DIR/master.key, made
 * (0600) at the first start. `created` says the file was just made (the log should say where, and
 * that it must be backed up apart from the data: without it nothing encrypted can be read).
 */
export function loadMasterKey(
  dataDir: string,
  configured: string | undefined,
): { key: MasterKey; file?: string; created: boolean } {
  if (configured) return { key: MasterKey.parse(configured), created: false };
  const file = path.join(dataDir, MASTER_KEY_FILE);
  if (existsSync(file)) return { key: MasterKey.parse(readFileSync(file, 'utf8')), file, created: false };
  const key = MasterKey.random();
  try {
    writeFileSync(file, `${key.toString()}\n`, { mode: 0o600, flag: 'wx' });
  } catch {
    // Another process of this deployment made it first: that one is the key.
    return { key: MasterKey.parse(readFileSync(file, 'utf8')), file, created: false };
  }
  chmodSync(file, 0o600);
  return { key, file, created: true };
}
