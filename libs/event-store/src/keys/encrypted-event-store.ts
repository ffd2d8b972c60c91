import { sealedPartOf } from '@atende/events';
import type {
  AppendOptions,
  AppendResult,
  DomainEvent,
  EraseWorkspaceOptions,
  EraseWorkspaceResult,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeOptions,
} from '@atende/events';
import type { FieldCipher } from './field-cipher.js';

/** How many recently appended events keep their plain form (a second of ingest at full speed). */
const RECENT_APPENDS = 20_000;

/**
 * Any EventStore with the sensitive fields of its events encrypted (DESIGN §3): sealed on append,
 * opened on read, so what reaches the adapter (the SQLite file, PostgreSQL, EventStoreDB) holds
 * only ciphertext and callers see plain events. `raw` is the adapter itself, for the relay that
 * puts the stored (sealed) form on the bus.
 */
export class EncryptedEventStore implements EventStore {
  /**
   * The plain form of the sealed events this process appended lately, by global position: the
   * processes following the log here (projectors, channel bridge, notifier) read them back at
   * once, and need not decrypt what was encrypted a moment ago. Emptied when keys are destroyed.
   */
  private appended: (StoredEvent | undefined)[] = new Array(RECENT_APPENDS);

  constructor(
    readonly raw: EventStore,
    readonly cipher: FieldCipher,
  ) {
    cipher.onKeysDestroyed(() => (this.appended = new Array(RECENT_APPENDS)));
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    const sealed = await this.cipher.seal(streamId, events);
    const result = await this.raw.appendToStream(streamId, sealed, options);
    if (sealed !== events && result.written === events.length)
      this.remember(streamId, events, sealed, result);
    return result;
  }

  private remember(
    streamId: string,
    events: readonly NewEvent[],
    sealed: readonly NewEvent[],
    result: AppendResult,
  ): void {
    const first = result.nextExpectedVersion - events.length + 1;
    for (let i = 0; i < events.length; i += 1) {
      const event = events[i]!;
      if (sealed[i] === event) continue; // nothing sealed: read back as it is
      const globalPosition = result.globalPositions[i]!;
      // A ring by position: the slot of an older event is simply taken over.
      this.appended[globalPosition % RECENT_APPENDS] = {
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        streamId,
        streamPosition: first + i,
        globalPosition,
      } as StoredEvent;
    }
  }

  /** A page read back, opened: from what this process appended, else decrypted. */
  private async open(page: readonly StoredEvent[], trusted: boolean): Promise<StoredEvent[]> {
    let sealed = false;
    const out = page.map((event) => {
      if (!sealedPartOf(event.data)) return event;
      const known = this.appended[event.globalPosition % RECENT_APPENDS];
      if (
        known &&
        known.globalPosition === event.globalPosition &&
        known.metadata.eventId === event.metadata.eventId
      )
        return known;
      sealed = true;
      return event;
    });
    return sealed ? await this.cipher.open(out, { trusted }) : out;
  }

  async readStream<E extends DomainEvent = DomainEvent>(
    streamId: string,
    options?: ReadStreamOptions,
  ): Promise<StoredEvent<E>[]> {
    const events = await this.raw.readStream(streamId, options);
    return (await this.open(events, options?.trusted ?? false)) as StoredEvent<E>[];
  }

  async *readAll(fromGlobalPosition?: number, options?: ReadAllOptions): AsyncIterable<StoredEvent> {
    // Page by page, so the keys of a page are fetched together.
    for await (const page of this.raw.readPages(
      fromGlobalPosition ?? 1,
      options?.batchSize ?? 500,
      options,
    )) {
      yield* await this.open(page, options?.trusted ?? false);
    }
  }

  async *readPages(
    fromGlobalPosition: number,
    pageSize: number,
    options?: Pick<ReadAllOptions, 'trusted'>,
  ): AsyncIterable<StoredEvent[]> {
    for await (const page of this.raw.readPages(fromGlobalPosition, pageSize, options)) {
      yield await this.open(page, options?.trusted ?? false);
    }
  }

  async readBatch(
    fromGlobalPosition: number,
    limit: number,
    options?: Pick<ReadAllOptions, 'trusted'>,
  ): Promise<StoredEvent[]> {
    const page = await this.raw.readBatch(fromGlobalPosition, limit, options);
    return await this.open(page, options?.trusted ?? false);
  }

  async *subscribe(fromGlobalPosition?: number, options?: SubscribeOptions): AsyncIterable<StoredEvent> {
    for await (const page of this.raw.subscribePages(fromGlobalPosition, options)) {
      yield* await this.open(page, options?.trusted ?? false);
    }
  }

  async *subscribePages(
    fromGlobalPosition?: number,
    options?: SubscribeOptions,
  ): AsyncIterable<StoredEvent[]> {
    for await (const page of this.raw.subscribePages(fromGlobalPosition, options)) {
      yield await this.open(page, options?.trusted ?? false);
    }
  }

  /** Deletes the workspace's events and destroys its keys: copies elsewhere (Kafka, backups) become unreadable. */
  async eraseWorkspace(workspaceId: string, options: EraseWorkspaceOptions): Promise<EraseWorkspaceResult> {
    await this.cipher.destroyWorkspace(workspaceId);
    return await this.raw.eraseWorkspace(workspaceId, options);
  }

  async lastGlobalPosition(): Promise<number> {
    return await this.raw.lastGlobalPosition();
  }

  async close(): Promise<void> {
    await this.raw.close();
    await this.cipher.keys.close();
  }
}
