import type { DomainEvent, NewEvent, StoredEvent } from '../core/envelope.js';
import type { SnapshotStore } from './snapshot-store.js';

/**
 * What the writer expects the stream to be at: `any` (no check), `no_stream` (must not exist yet),
 * `stream_exists`, or the exact position of its last event (0 for a stream with one event).
 */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendOptions {
  /** Default `any`. */
  expectedVersion?: ExpectedVersion;
}

export interface AppendResult {
  /** Position of the stream's last event after the append (the next expectedVersion). */
  nextExpectedVersion: number;
  /** Global position of each given event, in order: the stored one for an event id already present. */
  globalPositions: number[];
  /** How many of the given events were new (the others were already stored: idempotent append). */
  written: number;
}

export interface ReadStreamOptions {
  /** Only events at this stream position or later (a cached state needs just the tail). Default 0. */
  fromStreamPosition?: number;
  /** As ReadAllOptions.trusted. */
  trusted?: boolean;
  /**
   * Only events of these types need their sealed fields (Decider.readsSealedOf): a store that
   * encrypts may hand the others back as stored, their sealed fields absent, without fetching their
   * keys or decrypting them. Default: every event opened.
   */
  openTypes?: ReadonlySet<string>;
}

export interface ReadAllOptions {
  /** Events read per round trip; default 500. */
  batchSize?: number;
  /**
   * Skip re-validating the data of events already at their current schema version (they were
   * validated before they were written); the envelope is still checked and old versions are still
   * upcast and validated. For bulk replays. Default false.
   */
  trusted?: boolean;
}

export interface SubscribeOptions extends ReadAllOptions {
  /** Stops the subscription; the iterator then ends. */
  signal?: AbortSignal;
}

export interface EraseWorkspaceOptions {
  /** Event types of the workspace that stay (the record of the erasure itself). */
  keepTypes: readonly string[];
  /**
   * Streams that stay whole, the workspace's events in them included: the accounts of members who
   * belong to other workspaces too (an account is the person's, not one company's). Default none.
   */
  keepStreams?: readonly string[];
  /**
   * The accounts that go with the workspace (members of no other): a store that encrypts destroys
   * their credentials' keys too, so copies of their events in backups become unreadable. Stores
   * that do not encrypt ignore it.
   */
  erasedAccountStreams?: readonly string[];
}

export interface EraseWorkspaceResult {
  /** How many events were erased (0 when the workspace had nothing left to erase). */
  erased: number;
}

/** The source of truth. Every adapter passes the contract suite in @atende/event-store. */
export interface EventStore {
  /** Where loads keep folded states of long streams; absent, they always read whole streams. */
  readonly snapshots?: SnapshotStore;
  /** Appends atomically; validated against the registry first, so a bad event writes nothing. */
  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** Events of one stream in order; empty for a stream that does not exist. */
  readStream<E extends DomainEvent = DomainEvent>(
    streamId: string,
    options?: ReadStreamOptions,
  ): Promise<StoredEvent<E>[]>;
  /** Every event with globalPosition ≥ fromGlobalPosition (default 1), ascending, read in batches. */
  readAll(fromGlobalPosition?: number, options?: ReadAllOptions): AsyncIterable<StoredEvent>;
  /**
   * Every event from a position as pages of at most `pageSize`, for bulk replays; an adapter may
   * read ahead in parallel. Ends at the last event stored when the page was read.
   */
  readPages(
    fromGlobalPosition: number,
    pageSize: number,
    options?: Pick<ReadAllOptions, 'trusted'>,
  ): AsyncIterable<StoredEvent[]>;
  /** One page of readAll: at most `limit` events with globalPosition ≥ fromGlobalPosition. */
  readBatch(
    fromGlobalPosition: number,
    limit: number,
    options?: Pick<ReadAllOptions, 'trusted'>,
  ): Promise<StoredEvent[]>;
  /** Like readAll, then follows new appends (also those of other processes) until aborted. */
  subscribe(fromGlobalPosition?: number, options?: SubscribeOptions): AsyncIterable<StoredEvent>;
  /**
   * subscribe in pages: each page holds the events available at once (at most batchSize), for
   * consumers that apply events in batches (no per-event hand-over while catching up or live).
   */
  subscribePages(fromGlobalPosition?: number, options?: SubscribeOptions): AsyncIterable<StoredEvent[]>;
  /**
   * 'Excluir todos os dados da conta': removes every event whose metadata names this workspace,
   * except those of `keepTypes`, so no read, replay or export finds them again. Kept events keep
   * their positions; positions are never reused (readers must accept gaps). Idempotent.
   */
  eraseWorkspace(workspaceId: string, options: EraseWorkspaceOptions): Promise<EraseWorkspaceResult>;
  /** Global position of the last event, 0 when the store is empty. */
  lastGlobalPosition(): Promise<number>;
  close(): Promise<void>;
}
