import type { ProjectionBatch } from '@atende/events';
import { DELETED, bucket, noteIndex, type BatchChanges } from '../buffered-batch.js';
import type { DocCache } from './doc-cache.js';

/**
 * A rebuild target's batch while its cache holds every document the target has: reads come from
 * the cache and writes go straight into it (a lookup per read, nothing fetched), while the batch
 * notes what it changed for the commit. The same semantics as BufferedBatch, erasures included;
 * a batch left uncommitted spoils the cache, so the writer then drops it (`open`).
 */
export class CachedTargetBatch implements ProjectionBatch {
  private readonly changes: BatchChanges = { erasures: [], docs: new Map(), indexes: new Map() };
  private committed = false;

  constructor(
    readonly baseCheckpoint: number,
    private readonly cache: DocCache,
    private readonly store: (changes: BatchChanges, checkpoint: number) => Promise<void>,
  ) {}

  /** Written into the cache and not committed (yet). */
  get open(): boolean {
    return !this.committed;
  }

  get<T>(collection: string, id: string): T | undefined {
    return this.cache.lookup(collection, id) as T | undefined;
  }

  put(collection: string, id: string, doc: unknown): void {
    this.cache.set(collection, id, doc);
    bucket(this.changes.docs, collection).set(id, doc);
  }

  delete(collection: string, id: string): void {
    this.cache.set(collection, id, undefined);
    bucket(this.changes.docs, collection).set(id, DELETED);
  }

  indexPut(index: string, id: string, score: number): void {
    noteIndex.put(this.changes, index, id, score);
  }

  indexDelete(index: string, id: string): void {
    noteIndex.delete(this.changes, index, id);
  }

  deletePrefix(collection: string, idPrefix: string): void {
    for (const id of this.cache.idsStartingWith(collection, idPrefix)) this.delete(collection, id);
    this.changes.erasures.push({ kind: 'docs', collection, prefix: idPrefix });
  }

  indexDeletePrefix(index: string, idPrefix: string): void {
    noteIndex.deletePrefix(this.changes, index, idPrefix);
  }

  indexDropPrefix(namePrefix: string): void {
    noteIndex.dropPrefix(this.changes, namePrefix);
  }

  async fetchMissing(): Promise<boolean> {
    return false;
  }

  async commit(checkpoint: number): Promise<void> {
    if (this.committed) throw new Error('Batch already committed');
    this.committed = true;
    await this.store(this.changes, checkpoint);
  }
}
