import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import v8 from 'node:v8';
import { z } from 'zod';
import type { MemorySnapshot } from './memory-read-models.js';

/**
 * The snapshot of the embedded process's read models in DATA_DIR (present only while Atende is
 * stopped); ops commands that change the log in place delete it, so it is rebuilt from the log.
 */
export const READ_MODEL_SNAPSHOT_NAME = 'read-models.snapshot';

/** Bumped when MemorySnapshot's layout changes: older files are then ignored. */
export const MEMORY_SNAPSHOT_FORMAT = 1;

const headerSchema = z.object({
  format: z.literal(MEMORY_SNAPSHOT_FORMAT),
  /** What produced the data (projection code, V8): a file from other code is not used. */
  fingerprint: z.string().min(1),
  /** Highest checkpoint in the snapshot, and the id of the event stored there (the same log?). */
  position: z.number().int().nonnegative(),
  eventId: z.string().nullable(),
  writtenAt: z.string(),
  payloadBytes: z.number().int().nonnegative(),
  /**
   * Present when the payload is encrypted: AES-256-GCM with this IV (base64url), the header line as
   * associated data (it cannot be changed either), the 16-byte tag after the ciphertext.
   */
  sealed: z.object({ cipher: z.literal('aes-256-gcm'), iv: z.string().min(1) }).optional(),
});

export type MemorySnapshotHeader = z.infer<typeof headerSchema>;

/** A column taken as it is: its entries are checked by MemoryReadModels.restore, not copied here. */
const column = <T>() => z.custom<T[]>((value) => Array.isArray(value));

/** The payload's layout (see MemorySnapshot). */
const snapshotSchema: z.ZodType<MemorySnapshot> = z.object({
  projections: z.array(
    z.object({
      name: z.string(),
      checkpoint: z.number(),
      collections: z.array(z.tuple([z.string(), column<string>(), column<unknown>()])),
      indexes: z.array(z.tuple([z.string(), column<string>(), column<number>()])),
    }),
  ),
});

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Encrypted and written, or read and decrypted, this much at a time. */
const CHUNK_BYTES = 1 << 20;

export interface MemorySnapshotFileOptions {
  /**
   * A 32-byte AES-256-GCM key: the file is then written encrypted, and only an encrypted file
   * that opens with this key is read. Without it files are plain, and an encrypted one is refused.
   */
  key?: Buffer;
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new SnapshotFileError(`an AES-256 key has 32 bytes, not ${key.length}`);
}

export class SnapshotFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotFileError';
  }
}

/**
 * Writes a JSON header line, then the snapshot serialized by V8, to `file` atomically (a temporary
 * file, synced, then renamed): a reader finds the previous file or the whole new one. With
 * `options.key` the payload is encrypted (AES-256-GCM) a chunk at a time as it is written, so
 * encrypting holds one chunk beside the serialized snapshot, never a second copy of it.
 */
export function writeMemorySnapshot(
  file: string,
  header: Omit<MemorySnapshotHeader, 'format' | 'payloadBytes' | 'sealed'>,
  snapshot: MemorySnapshot,
  options: MemorySnapshotFileOptions = {},
): { bytes: number } {
  const { key } = options;
  if (key) checkKey(key);
  const payload = v8.serialize(snapshot);
  const iv = key ? randomBytes(IV_BYTES) : undefined;
  const payloadBytes = payload.length + (key ? TAG_BYTES : 0);
  const sealed = iv ? { sealed: { cipher: 'aes-256-gcm' as const, iv: iv.toString('base64url') } } : {};
  const line = JSON.stringify({ format: MEMORY_SNAPSHOT_FORMAT, ...header, payloadBytes, ...sealed });
  const head = Buffer.from(`${line}\n`);
  const cipher = key && iv ? createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES }) : undefined;
  cipher?.setAAD(head.subarray(0, head.length - 1));
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  const writeAll = (bytes: Buffer) => {
    for (let offset = 0; offset < bytes.length;)
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
  };
  try {
    writeAll(head);
    for (let offset = 0; offset < payload.length; offset += CHUNK_BYTES) {
      const chunk = payload.subarray(offset, offset + CHUNK_BYTES);
      writeAll(cipher ? cipher.update(chunk) : chunk);
    }
    if (cipher) {
      writeAll(cipher.final());
      writeAll(cipher.getAuthTag());
    }
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
  return { bytes: head.length + payloadBytes };
}

/** An opened snapshot file: its header, checked, and the payload to deserialize once the header suits. */
export interface MemorySnapshotFile {
  header: MemorySnapshotHeader;
  load(): MemorySnapshot;
}

const HEADER_MAX_BYTES = 4096;

/** Hands `length` bytes of `file` from `position` to `use`, a chunk at a time (the chunk is reused). */
function readRange(file: string, position: number, length: number, use: (chunk: Buffer) => void): void {
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(length, 1)));
    for (let done = 0; done < length;) {
      const read = readSync(fd, chunk, 0, Math.min(chunk.length, length - done), position + done);
      if (read === 0) throw new SnapshotFileError('file changed while it was read');
      use(chunk.subarray(0, read));
      done += read;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens `file` (its header only; the payload is read by load()); undefined when there is none.
 * Throws SnapshotFileError when it is not a usable snapshot, and so when it is encrypted and no
 * key is given, or plain while a key is: a plain file cannot be told from one put there by someone
 * else, so once snapshots are encrypted the read models are rebuilt instead (at most once, on the
 * first start with a key; that costs a rebuild, nothing else).
 */
export function openMemorySnapshot(
  file: string,
  options: MemorySnapshotFileOptions = {},
): MemorySnapshotFile | undefined {
  const { key } = options;
  if (key) checkKey(key);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let start: Buffer;
  let size: number;
  try {
    size = fstatSync(fd).size;
    start = Buffer.alloc(Math.min(HEADER_MAX_BYTES, size));
    start = start.subarray(0, readSync(fd, start, 0, start.length, 0));
  } finally {
    closeSync(fd);
  }
  const newline = start.indexOf(10);
  if (newline < 0) throw new SnapshotFileError('no header line');
  const line = start.subarray(0, newline);
  let json: unknown;
  try {
    json = JSON.parse(line.toString('utf8'));
  } catch {
    throw new SnapshotFileError('header is not JSON');
  }
  const parsed = headerSchema.safeParse(json);
  if (!parsed.success) throw new SnapshotFileError(`unknown header (${parsed.error.issues[0]?.message})`);
  const header = parsed.data;
  const payloadStart = newline + 1;
  if (size - payloadStart !== header.payloadBytes) {
    throw new SnapshotFileError(
      `payload is ${size - payloadStart} bytes, header says ${header.payloadBytes}`,
    );
  }
  if (header.sealed && !key) throw new SnapshotFileError('payload is encrypted and no key was given');
  if (!header.sealed && key) throw new SnapshotFileError('payload is not encrypted (written without a key)');
  if (header.sealed && header.payloadBytes < TAG_BYTES) throw new SnapshotFileError('payload is truncated');
  return {
    header,
    load: () => {
      const payload = key
        ? decrypt(file, key, line, payloadStart, header)
        : readPayload(file, payloadStart, header.payloadBytes);
      let snapshot: unknown;
      try {
        snapshot = v8.deserialize(payload);
      } catch (error) {
        throw new SnapshotFileError(`payload unreadable: ${(error as Error).message}`);
      }
      const parsed = snapshotSchema.safeParse(snapshot);
      if (!parsed.success) throw new SnapshotFileError('payload is not a read-model snapshot');
      return parsed.data;
    },
  };
}

/** The payload of a plain file. */
function readPayload(file: string, payloadStart: number, payloadBytes: number): Buffer {
  const payload = Buffer.allocUnsafe(payloadBytes);
  let at = 0;
  readRange(file, payloadStart, payloadBytes, (chunk) => {
    at += chunk.copy(payload, at);
  });
  return payload;
}

/**
 * The payload of an encrypted file, decrypted a chunk at a time into one buffer (the ciphertext is
 * never held whole), and used only once the tag proved it, and the header, unchanged.
 */
function decrypt(
  file: string,
  key: Buffer,
  line: Buffer,
  payloadStart: number,
  header: MemorySnapshotHeader,
) {
  const iv = Buffer.from(header.sealed!.iv, 'base64url');
  if (iv.length !== IV_BYTES) throw new SnapshotFileError('payload IV is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(line);
  const bodyBytes = header.payloadBytes - TAG_BYTES;
  const plain = Buffer.allocUnsafe(bodyBytes);
  let at = 0;
  readRange(file, payloadStart, bodyBytes, (chunk) => {
    at += decipher.update(chunk).copy(plain, at);
  });
  const tag = Buffer.alloc(TAG_BYTES);
  let tagAt = 0;
  readRange(file, payloadStart + bodyBytes, TAG_BYTES, (chunk) => {
    tagAt += chunk.copy(tag, tagAt);
  });
  decipher.setAuthTag(tag);
  try {
    at += decipher.final().copy(plain, at);
  } catch {
    throw new SnapshotFileError('payload does not open with this key (altered, or another key)');
  }
  return plain;
}
