import type { Redis } from 'ioredis';
import { DELETED, type BatchChanges } from '../buffered-batch.js';
import { assertCollectionName, type VersionKeys } from './keys.js';

/** Keys per MSET / UNLINK and members per ZADD / ZREM. */
const CHUNK = 1000;

/** A rebuild target's batch as Redis writes: only strings, so it can go to another thread as is. */
export interface RebuildWrites {
  /** key, document (as encoded for the thread), key, document… */
  set: string[];
  unlink: string[];
  /** Per index key: score, member, score, member… */
  add: Array<[key: string, scoresAndMembers: string[]]>;
  remove: Array<[key: string, members: string[]]>;
  checkpointKey: string;
  checkpoint: string;
}

/** `encode` turns a document into the text sent (JSON when the writer thread seals it). */
export function rebuildWrites(
  keys: VersionKeys,
  changes: BatchChanges,
  checkpoint: number,
  encode: (doc: unknown) => string,
): RebuildWrites {
  const set: string[] = [];
  const unlink: string[] = [];
  for (const [collection, docs] of changes.docs) {
    assertCollectionName(collection);
    for (const [id, doc] of docs) {
      if (doc === DELETED) unlink.push(keys.doc(collection, id));
      else set.push(keys.doc(collection, id), encode(doc));
    }
  }
  const add: RebuildWrites['add'] = [];
  const remove: RebuildWrites['remove'] = [];
  for (const [name, entries] of changes.indexes) {
    const added: string[] = [];
    const removed: string[] = [];
    for (const [id, score] of entries) {
      if (score === DELETED) removed.push(id);
      else added.push(String(score), id);
    }
    if (added.length > 0) add.push([keys.index(name), added]);
    if (removed.length > 0) remove.push([keys.index(name), removed]);
  }
  return { set, unlink, add, remove, checkpointKey: keys.checkpoint, checkpoint: String(checkpoint) };
}

/**
 * Stores a rebuild target's batch as plain variadic commands in one pipeline, the checkpoint last.
 * No script: nothing reads the version before it is switched to, a failed rebuild discards it
 * whole, and a batch holds each key once, so the order of its writes does not matter. `seal`, when
 * given, replaces each document's text (in place) by its encrypted form first.
 */
export async function sendRebuildWrites(
  redis: Redis,
  writes: RebuildWrites,
  seal?: (json: string) => string,
): Promise<void> {
  if (seal) for (let i = 1; i < writes.set.length; i += 2) writes.set[i] = seal(writes.set[i]!);
  const pipeline = redis.pipeline();
  for (let i = 0; i < writes.set.length; i += 2 * CHUNK) pipeline.mset(...writes.set.slice(i, i + 2 * CHUNK));
  for (let i = 0; i < writes.unlink.length; i += CHUNK) pipeline.unlink(...writes.unlink.slice(i, i + CHUNK));
  for (const [key, entries] of writes.add) {
    for (let i = 0; i < entries.length; i += 2 * CHUNK)
      pipeline.zadd(key, ...entries.slice(i, i + 2 * CHUNK));
  }
  for (const [key, members] of writes.remove) {
    for (let i = 0; i < members.length; i += CHUNK) pipeline.zrem(key, ...members.slice(i, i + CHUNK));
  }
  pipeline.set(writes.checkpointKey, writes.checkpoint);
  const results = await pipeline.exec();
  const failed = results?.find(([error]) => error !== null);
  if (failed) throw failed[0];
}
