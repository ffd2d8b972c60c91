import type {
  IndexEntry,
  ProjectionBatch,
  ProjectionDump,
  ProjectionView,
  ProjectionWriter,
  RangeQuery,
  ReadModels,
  RebuildTarget,
} from '@atende/events';
import { CheckpointConflictError } from '@atende/events';
import {
  BufferedBatch,
  DELETED,
  assertIndexScore,
  eraseFromMaps,
  type BatchChanges,
} from '../buffered-batch.js';
import { SortedIndex } from './sorted-index.js';

/** One version of one projection's data. */
class MemoryData {
  readonly docs = new Map<string, Map<string, unknown>>();
  readonly indexes = new Map<string, SortedIndex>();
  checkpoint = 0;

  /** `deferIndexes`: a rebuild target's indexes are sorted once each, when first read. */
  constructor(private readonly deferIndexes = false) {}

  collection(name: string): Map<string, unknown> {
    let c = this.docs.get(name);
    if (!c) this.docs.set(name, (c = new Map()));
    return c;
  }

  index(name: string): SortedIndex {
    let i = this.indexes.get(name);
    if (!i) this.indexes.set(name, (i = new SortedIndex(this.deferIndexes)));
    return i;
  }
}

export interface MemoryReadModelsOptions {
  /** Freeze stored documents so a projection that mutates what it read fails loudly (tests). */
  freezeDocs?: boolean;
}

/** Shared read methods over a data getter (the serving version may change between calls). */
class MemoryView implements ProjectionView {
  constructor(protected readonly data: () => MemoryData) {}

  async get<T>(collection: string, id: string): Promise<T | undefined> {
    return this.data().docs.get(collection)?.get(id) as T | undefined;
  }
  async getMany<T>(collection: string, ids: readonly string[]): Promise<(T | undefined)[]> {
    const c = this.data().docs.get(collection);
    return ids.map((id) => c?.get(id) as T | undefined);
  }
  async range(index: string, query?: RangeQuery): Promise<IndexEntry[]> {
    return this.data().indexes.get(index)?.range(query) ?? [];
  }
  async count(index: string, query?: RangeQuery): Promise<number> {
    return this.data().indexes.get(index)?.count(query) ?? 0;
  }
  async checkpoint(): Promise<number> {
    return this.data().checkpoint;
  }
  async dump(): Promise<ProjectionDump> {
    const data = this.data();
    const docs: ProjectionDump['docs'] = {};
    for (const [name, c] of [...data.docs].sort(([a], [b]) => a.localeCompare(b))) {
      if (c.size === 0) continue;
      docs[name] = Object.fromEntries([...c].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    const indexes: ProjectionDump['indexes'] = {};
    for (const [name, i] of [...data.indexes].sort(([a], [b]) => a.localeCompare(b))) {
      if (i.size > 0) indexes[name] = i.entries();
    }
    return { checkpoint: data.checkpoint, docs, indexes };
  }
}

function applyChanges(data: MemoryData, changes: BatchChanges, freeze: boolean): void {
  eraseFromMaps(changes.erasures, data.docs, data.indexes);
  for (const [name, docs] of changes.docs) {
    const c = data.collection(name);
    for (const [id, doc] of docs) {
      if (doc === DELETED) c.delete(id);
      else c.set(id, freeze ? Object.freeze(doc) : doc);
    }
  }
  for (const [name, entries] of changes.indexes) {
    const index = data.index(name);
    for (const [id, score] of entries) {
      if (score === DELETED) index.delete(id);
      else index.put(id, score);
    }
  }
}

class MemoryWriter extends MemoryView implements ProjectionWriter {
  constructor(
    private readonly projection: string,
    data: () => MemoryData,
    private readonly freeze: boolean,
  ) {
    super(data);
  }

  async beginBatch(): Promise<ProjectionBatch> {
    const startData = this.data();
    const expected = startData.checkpoint;
    return new BufferedBatch(
      expected,
      (collection, id) => {
        const doc = startData.docs.get(collection)?.get(id);
        return doc === undefined ? { found: false } : { found: true, doc };
      },
      async (changes, checkpoint) => {
        const data = this.data();
        // A rebuild may have switched versions, or another writer moved on: refuse, write nothing.
        if (data !== startData || data.checkpoint !== expected) {
          throw new CheckpointConflictError(this.projection, expected, data.checkpoint);
        }
        applyChanges(data, changes, this.freeze);
        data.checkpoint = checkpoint;
      },
    );
  }
}

/**
 * Writes straight into a version nothing reads yet (a rebuild target): no buffer, no copy at commit.
 * A failed rebuild discards the whole version, so atomicity is not needed here.
 */
class DirectBatch implements ProjectionBatch {
  readonly baseCheckpoint: number;
  constructor(
    private readonly data: MemoryData,
    private readonly freeze: boolean,
  ) {
    this.baseCheckpoint = data.checkpoint;
  }
  get<T>(collection: string, id: string): T | undefined {
    return this.data.docs.get(collection)?.get(id) as T | undefined;
  }
  put(collection: string, id: string, doc: unknown): void {
    this.data.collection(collection).set(id, this.freeze ? Object.freeze(doc) : doc);
  }
  delete(collection: string, id: string): void {
    this.data.docs.get(collection)?.delete(id);
  }
  indexPut(index: string, id: string, score: number): void {
    assertIndexScore(index, score);
    this.data.index(index).put(id, score);
  }
  indexDelete(index: string, id: string): void {
    this.data.indexes.get(index)?.delete(id);
  }
  deletePrefix(collection: string, idPrefix: string): void {
    eraseFromMaps([{ kind: 'docs', collection, prefix: idPrefix }], this.data.docs, this.data.indexes);
  }
  indexDeletePrefix(index: string, idPrefix: string): void {
    eraseFromMaps([{ kind: 'entries', index, prefix: idPrefix }], this.data.docs, this.data.indexes);
  }
  indexDropPrefix(namePrefix: string): void {
    eraseFromMaps([{ kind: 'indexes', prefix: namePrefix }], this.data.docs, this.data.indexes);
  }
  async fetchMissing(): Promise<boolean> {
    return false;
  }
  async commit(checkpoint: number): Promise<void> {
    if (this.data.checkpoint !== this.baseCheckpoint) throw new Error('Rebuild target written concurrently');
    this.data.checkpoint = checkpoint;
  }
}

class MemoryRebuildWriter extends MemoryView implements ProjectionWriter {
  constructor(
    private readonly target: MemoryData,
    private readonly freeze: boolean,
  ) {
    super(() => target);
  }
  async beginBatch(): Promise<ProjectionBatch> {
    return new DirectBatch(this.target, this.freeze);
  }
}

/**
 * Read models in the heap: unit tests, dry-run replays and the benchmarks' in-heap baseline
 * (EMBEDDED_READ_MODELS=memory), rebuilt from the whole log each time. The product keeps them in
 * SQLite (embedded) or Redis (multi-host): a heap that grows with the history is not a home for them.
 */
export class MemoryReadModels implements ReadModels {
  private readonly serving = new Map<string, MemoryData>();
  private readonly freeze: boolean;

  constructor(options: MemoryReadModelsOptions = {}) {
    this.freeze = options.freezeDocs ?? false;
  }

  private data(projection: string): MemoryData {
    let d = this.serving.get(projection);
    if (!d) this.serving.set(projection, (d = new MemoryData()));
    return d;
  }

  view(projection: string): ProjectionView {
    return new MemoryView(() => this.data(projection));
  }

  writer(projection: string): ProjectionWriter {
    return new MemoryWriter(projection, () => this.data(projection), this.freeze);
  }

  async beginRebuild(projection: string): Promise<RebuildTarget> {
    const fresh = new MemoryData(true);
    const writer = new MemoryRebuildWriter(fresh, this.freeze);
    let done = false;
    return Object.assign(writer, {
      activate: async () => {
        if (done) throw new Error('Rebuild already finished');
        // The live projector may have applied events this version has not read yet: not switched in.
        const current = this.serving.get(projection)?.checkpoint ?? 0;
        if (current > fresh.checkpoint)
          throw new CheckpointConflictError(projection, fresh.checkpoint, current);
        done = true;
        // Its indexes stay deferred: each is sorted when first read (most never are, such as the
        // message index of a conversation nobody opens), not all at once before serving.
        this.serving.set(projection, fresh);
      },
      discard: async () => {
        done = true;
      },
    });
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}
