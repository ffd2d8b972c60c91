import type { Redis } from 'ioredis';
import type { IndexEntry } from '@atende/events';
import { DELETED, type BatchChanges, type Erasure } from '../buffered-batch.js';
import type { DocCodec } from '../doc-codec.js';
import { assertCollectionName, type VersionKeys } from './keys.js';

// The Redis commands the read models' views and writers build (arguments of the commit script).

export function bound(value: number | undefined, exclusive: boolean | undefined, infinite: string): string {
  if (value === undefined) return infinite;
  return `${exclusive ? '(' : ''}${value}`;
}

/** WITHSCORES answers: flat `[member, score, …]` over RESP2, `[[member, score], …]` over RESP3. */
export function pairs(reply: unknown[]): IndexEntry[] {
  const out: IndexEntry[] = [];
  if (reply.length > 0 && Array.isArray(reply[0])) {
    for (const [id, score] of reply as [string, string | number][]) out.push({ id, score: Number(score) });
    return out;
  }
  for (let i = 0; i < reply.length; i += 2) out.push({ id: String(reply[i]), score: Number(reply[i + 1]) });
  return out;
}

/** A literal for a SCAN / ZSCAN MATCH pattern (glob characters escaped). */
export function globLiteral(text: string): string {
  return text.replace(/[\\*?[\]]/g, (c) => `\\${c}`);
}

export async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    found.push(...batch);
  } while (cursor !== '0');
  return found;
}

/**
 * The ops that carry out a batch's erasures (D key | R key member), found with SCAN / ZSCAN before
 * the commit; `docKeys` are the documents they delete. Only this projection's single writer
 * changes these keys, and its commit still checks the checkpoint, so nothing slips in between.
 */
export async function erasureOps(
  redis: Redis,
  keys: VersionKeys,
  erasures: readonly Erasure[],
): Promise<{ args: string[]; docKeys: string[] }> {
  const args: string[] = [];
  const docKeys: string[] = [];
  for (const erasure of erasures) {
    if (erasure.kind === 'docs') {
      assertCollectionName(erasure.collection);
      const found = await scanKeys(redis, `${globLiteral(keys.doc(erasure.collection, erasure.prefix))}*`);
      for (const key of found) args.push('D', key);
      docKeys.push(...found);
    } else if (erasure.kind === 'indexes') {
      for (const key of await scanKeys(redis, `${globLiteral(keys.index(erasure.prefix))}*`)) {
        args.push('D', key);
      }
    } else if (erasure.prefix === '') {
      args.push('D', keys.index(erasure.index));
    } else {
      const key = keys.index(erasure.index);
      let cursor = '0';
      do {
        const [next, reply] = await redis.zscan(
          key,
          cursor,
          'MATCH',
          `${globLiteral(erasure.prefix)}*`,
          'COUNT',
          1000,
        );
        cursor = next;
        for (const entry of pairs(reply)) args.push('R', key, entry.id);
      } while (cursor !== '0');
    }
  }
  return { args, docKeys };
}

export function toArgs(keys: VersionKeys, changes: BatchChanges, codec: DocCodec): string[] {
  const args: string[] = [];
  for (const [collection, docs] of changes.docs) {
    assertCollectionName(collection);
    for (const [id, doc] of docs) {
      if (doc === DELETED) args.push('D', keys.doc(collection, id));
      else args.push('S', keys.doc(collection, id), codec.encode(doc));
    }
  }
  for (const [name, entries] of changes.indexes) {
    for (const [id, score] of entries) {
      if (score === DELETED) args.push('R', keys.index(name), id);
      else args.push('Z', keys.index(name), String(score), id);
    }
  }
  return args;
}
