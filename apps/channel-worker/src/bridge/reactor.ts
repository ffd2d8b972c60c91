import type { StoredEvent } from '@atende/events';

/** One part of the bridge that acts on the log: followed as a processor of its own (followLog). */
export interface BridgeReactor {
  /** Its processor's id, unique in the process's host. */
  name: string;
  /** The event types it acts on. */
  eventTypes: ReadonlySet<string>;
  handle(event: StoredEvent): Promise<void> | undefined;
}
