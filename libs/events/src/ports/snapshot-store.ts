/**
 * A stream's folded state as of one of its positions, kept so a load reads only the events after
 * it. A cache, never the truth: a store may lose or refuse one at any time and loads then read the
 * whole stream; one is only ever written from events read back from the store.
 */
export interface StoredSnapshot {
  /** Stream position of the last event folded into it. */
  version: number;
  /** The codec's version (Decider.snapshot.schema): another one is ignored. */
  schema: number;
  /** The state, as the decider's codec encoded it (JSON text). */
  state: string;
}

/** Snapshots of an event store's streams: erased with their workspace, sealed where events are. */
export interface SnapshotStore {
  read(streamId: string): Promise<StoredSnapshot | undefined>;
  /** Keeps it unless the stream already has one at a later position. */
  write(streamId: string, workspaceId: string, snapshot: StoredSnapshot): Promise<void>;
}
