/**
 * Read models: documents in collections plus sorted indexes, grouped by projection. Each projection
 * has its own data, versioned for blue/green rebuilds, and a checkpoint (last global position applied)
 * that changes atomically with its data.
 */

export interface IndexEntry {
  id: string;
  score: number;
}

export interface RangeQuery {
  /** Highest scores first. Default false (ascending). */
  reverse?: boolean;
  /** Lowest score included (or excluded with minExclusive). */
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
  offset?: number;
  /** Default: all. */
  limit?: number;
}

/** Read access to the serving version of one projection's data. */
export interface ProjectionView {
  get<T>(collection: string, id: string): Promise<T | undefined>;
  getMany<T>(collection: string, ids: readonly string[]): Promise<(T | undefined)[]>;
  /** Entries of a sorted index, ordered by score then id. */
  range(index: string, query?: RangeQuery): Promise<IndexEntry[]>;
  count(
    index: string,
    query?: Pick<RangeQuery, 'min' | 'max' | 'minExclusive' | 'maxExclusive'>,
  ): Promise<number>;
  /** Last global position applied; 0 before any. */
  checkpoint(): Promise<number>;
  /** Every document and index entry, sorted: for rebuild checks and ops tools. */
  dump(): Promise<ProjectionDump>;
}

export interface ProjectionDump {
  checkpoint: number;
  docs: Record<string, Record<string, unknown>>;
  indexes: Record<string, IndexEntry[]>;
}

/**
 * What a projection sees while applying events: synchronous reads (they see the batch's own writes)
 * and buffered writes. Synchronous so that a replay costs no promise per event.
 */
export interface ProjectionTx {
  get<T>(collection: string, id: string): T | undefined;
  put(collection: string, id: string, doc: unknown): void;
  delete(collection: string, id: string): void;
  indexPut(index: string, id: string, score: number): void;
  indexDelete(index: string, id: string): void;
  /*
   * Erasing a whole key space at once (a workspace's data: 'Excluir todos os dados da conta'), for
   * what a projection cannot list from its own documents. They apply to what is stored and to this
   * batch's earlier writes; writes made after them in the batch are kept. Rare and not cheap: an
   * adapter may have to scan the projection's keys.
   */
  /** Deletes every document of `collection` whose id starts with `idPrefix`. */
  deletePrefix(collection: string, idPrefix: string): void;
  /** Deletes the entries of `index` whose id starts with `idPrefix` ('' = the whole index). */
  indexDeletePrefix(index: string, idPrefix: string): void;
  /** Deletes every index whose name starts with `namePrefix`, with all its entries. */
  indexDropPrefix(namePrefix: string): void;
}

/** A group of writes committed at once with the new checkpoint. */
export interface ProjectionBatch extends ProjectionTx {
  /** The checkpoint this batch started from (events at or below it are already applied). */
  readonly baseCheckpoint: number;
  /**
   * Adapters that load documents over the network answer a first pass from what they have and note
   * what they missed. This fetches those documents, drops the pass's writes and returns true: the
   * caller then applies the same events again (projections are deterministic). False when complete.
   */
  fetchMissing(): Promise<boolean>;
  /**
   * Stores the writes and the checkpoint atomically. Fails with CheckpointConflictError (and writes
   * nothing) when the stored checkpoint is no longer the one this batch started from.
   */
  commit(checkpoint: number): Promise<void>;
}

export interface ProjectionWriter extends ProjectionView {
  beginBatch(): Promise<ProjectionBatch>;
}

/** A fresh, empty version being rebuilt while the serving one keeps serving. */
export interface RebuildTarget extends ProjectionWriter {
  /**
   * Makes this version the serving one and drops the previous one. Refused with
   * CheckpointConflictError, switching nothing, while the serving version's checkpoint is further
   * (the live projector applied events this one has not): catch up from the log, then try again.
   */
  activate(): Promise<void>;
  /** Drops this version (dry run, or a failed rebuild). */
  discard(): Promise<void>;
}

export interface ReadModels {
  /** The serving version of a projection (what the gateway reads). */
  view(projection: string): ProjectionView;
  /** Writes into the serving version (the live projector). */
  writer(projection: string): ProjectionWriter;
  beginRebuild(projection: string): Promise<RebuildTarget>;
  /** Throws when the backing store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class CheckpointConflictError extends Error {
  readonly code = 'CHECKPOINT_CONFLICT';
  constructor(
    readonly projection: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Projection ${projection}: expected checkpoint ${expected}, found ${actual}`);
    this.name = 'CheckpointConflictError';
  }
}
