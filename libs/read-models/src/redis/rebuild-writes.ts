import type { Redis } from 'ioredis';
import { DELETED, type BatchChanges } from '../buffered-batch.js';
import { assertCollectionName, type VersionKeys } from './keys.js';

/** Keys per MSET / UNLINK and members per ZADD / ZREM. */
const CHUNK = 1000;

/**
 * A rebuild target's batch as plain variadic commands in one pipeline, the checkpoint last. No
 * script: nothing reads the version before it is switched to, a failed rebuild discards it whole,
 * and a batch holds each key once, so the order of its writes does not matter.
 */
export async function sendRebuildWrites(
  redis: Redis,
  keys: VersionKeys,
  changes: BatchChanges,
  checkpoint: number,
): Promise<void> {
  const pipeline = redis.pipeline();
  let set: string[] = [];
  let unlink: string[] = [];
  for (const [collection, docs] of changes.docs) {
    assertCollectionName(collection);
    for (const [id, doc] of docs) {
      if (doc === DELETED) {
        unlink.push(keys.doc(collection, id));
        if (unlink.length >= CHUNK) {
          pipeline.unlink(...unlink);
          unlink = [];
        }
      } else {
        set.push(keys.doc(collection, id), JSON.stringify(doc));
        if (set.length >= 2 * CHUNK) {
          pipeline.mset(...set);
          set = [];
        }
      }
    }
  }
  if (set.length > 0) pipeline.mset(...set);
  if (unlink.length > 0) pipeline.unlink(...unlink);
  for (const [name, entries] of changes.indexes) {
    const key = keys.index(name);
    let add: string[] = [];
    let remove: string[] = [];
    for (const [id, score] of entries) {
      if (score === DELETED) {
        remove.push(id);
        if (remove.length >= CHUNK) {
          pipeline.zrem(key, ...remove);
          remove = [];
        }
      } else {
        add.push(String(score), id);
        if (add.length >= 2 * CHUNK) {
          pipeline.zadd(key, ...add);
          add = [];
        }
      }
    }
    if (add.length > 0) pipeline.zadd(key, ...add);
    if (remove.length > 0) pipeline.zrem(key, ...remove);
  }
  pipeline.set(keys.checkpoint, String(checkpoint));
  const results = await pipeline.exec();
  const failed = results?.find(([error]) => error !== null);
  if (failed) throw failed[0];
}
