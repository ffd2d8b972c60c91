import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import v8 from 'node:v8';
import { z } from 'zod';
import type { MemorySnapshot } from './memory-read-models.js';

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

export class SnapshotFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotFileError';
  }
}

/**
 * Writes a JSON header line, then the snapshot serialized by V8, to `file` atomically (a temporary
 * file, synced, then renamed): a reader finds the previous file or the whole new one.
 */
export function writeMemorySnapshot(
  file: string,
  header: Omit<MemorySnapshotHeader, 'format' | 'payloadBytes'>,
  snapshot: MemorySnapshot,
): { bytes: number } {
  const payload = v8.serialize(snapshot);
  const head = Buffer.from(
    `${JSON.stringify({ format: MEMORY_SNAPSHOT_FORMAT, ...header, payloadBytes: payload.length })}\n`,
  );
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, head);
    for (let offset = 0; offset < payload.length;) {
      offset += writeSync(fd, payload, offset, payload.length - offset);
    }
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
  return { bytes: head.length + payload.length };
}

/** An opened snapshot file: its header, checked, and the payload to deserialize once the header suits. */
export interface MemorySnapshotFile {
  header: MemorySnapshotHeader;
  load(): MemorySnapshot;
}

const HEADER_MAX_BYTES = 4096;

/** Opens `file`; undefined when there is none. Throws SnapshotFileError when it is not a usable snapshot. */
export function openMemorySnapshot(file: string): MemorySnapshotFile | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const newline = bytes.subarray(0, HEADER_MAX_BYTES).indexOf(10);
  if (newline < 0) throw new SnapshotFileError('no header line');
  let json: unknown;
  try {
    json = JSON.parse(bytes.subarray(0, newline).toString('utf8'));
  } catch {
    throw new SnapshotFileError('header is not JSON');
  }
  const parsed = headerSchema.safeParse(json);
  if (!parsed.success) throw new SnapshotFileError(`unknown header (${parsed.error.issues[0]?.message})`);
  const header = parsed.data;
  const payload = bytes.subarray(newline + 1);
  if (payload.length !== header.payloadBytes) {
    throw new SnapshotFileError(`payload is ${payload.length} bytes, header says ${header.payloadBytes}`);
  }
  return {
    header,
    load: () => {
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
