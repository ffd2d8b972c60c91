import type { ProjectionBatch } from '@atende/events';
import { ChangeNotingBatch, type BatchChanges } from '../buffered-batch.js';
import type { DocCache } from '../doc-cache.js';

/**
 * A rebuild target's batch while its cache holds every document the target has: reads come from
 * the cache and writes go straight into it (a lookup per read, nothing fetched), while the batch
 * notes what it changed for the commit. The same semantics as BufferedBatch, erasures included;
 * a batch left uncommitted spoils the cache, so the writer then drops it (`open`).
 */
export class CachedTargetBatch extends ChangeNotingBatch implements ProjectionBatch {
  private committed = false;

  constructor(
    readonly baseCheckpoint: number,
    private readonly cache: DocCache,
    private readonly store: (changes: BatchChanges, checkpoint: number) => Promise<void>,
  ) {
    super();
  }

  /** Written into the cache and not committed (yet). */
  get open(): boolean {
    return !this.committed;
  }

  get<T>(collection: string, id: string): T | undefined {
    return this.cache.lookup(collection, id) as T | undefined;
  }

  override put(collection: string, id: string, doc: unknown): void {
    this.cache.set(collection, id, doc);
    super.put(collection, id, doc);
  }

  override delete(collection: string, id: string): void {
    this.cache.set(collection, id, undefined);
    super.delete(collection, id);
  }

  deletePrefix(collection: string, idPrefix: string): void {
    for (const id of this.cache.idsStartingWith(collection, idPrefix)) this.delete(collection, id);
    this.changes.erasures.push({ kind: 'docs', collection, prefix: idPrefix });
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
