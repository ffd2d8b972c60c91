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

/**
 * Any EventStore with the sensitive fields of its events encrypted (DESIGN §3): sealed on append,
 * opened on read, so what reaches the adapter (the SQLite file, PostgreSQL, EventStoreDB) holds
 * only ciphertext and callers see plain events. `raw` is the adapter itself, for the relay that
 * puts the stored (sealed) form on the bus.
 */
export class EncryptedEventStore implements EventStore {
  constructor(
    readonly raw: EventStore,
    readonly cipher: FieldCipher,
  ) {}

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    return await this.raw.appendToStream(streamId, await this.cipher.seal(streamId, events), options);
  }

  async readStream<E extends DomainEvent = DomainEvent>(
    streamId: string,
    options?: ReadStreamOptions,
  ): Promise<StoredEvent<E>[]> {
    const events = await this.raw.readStream(streamId, options);
    return (await this.cipher.open(events, { trusted: options?.trusted ?? false })) as StoredEvent<E>[];
  }

  async *readAll(fromGlobalPosition?: number, options?: ReadAllOptions): AsyncIterable<StoredEvent> {
    // Page by page, so the keys of a page are fetched together.
    for await (const page of this.raw.readPages(
      fromGlobalPosition ?? 1,
      options?.batchSize ?? 500,
      options,
    )) {
      yield* await this.cipher.open(page, { trusted: options?.trusted ?? false });
    }
  }

  async *readPages(
    fromGlobalPosition: number,
    pageSize: number,
    options?: Pick<ReadAllOptions, 'trusted'>,
  ): AsyncIterable<StoredEvent[]> {
    for await (const page of this.raw.readPages(fromGlobalPosition, pageSize, options)) {
      yield await this.cipher.open(page, { trusted: options?.trusted ?? false });
    }
  }

  async readBatch(
    fromGlobalPosition: number,
    limit: number,
    options?: Pick<ReadAllOptions, 'trusted'>,
  ): Promise<StoredEvent[]> {
    const page = await this.raw.readBatch(fromGlobalPosition, limit, options);
    return await this.cipher.open(page, { trusted: options?.trusted ?? false });
  }

  async *subscribe(fromGlobalPosition?: number, options?: SubscribeOptions): AsyncIterable<StoredEvent> {
    for await (const page of this.raw.subscribePages(fromGlobalPosition, options)) {
      yield* await this.cipher.open(page, { trusted: options?.trusted ?? false });
    }
  }

  async *subscribePages(
    fromGlobalPosition?: number,
    options?: SubscribeOptions,
  ): AsyncIterable<StoredEvent[]> {
    for await (const page of this.raw.subscribePages(fromGlobalPosition, options)) {
      yield await this.cipher.open(page, { trusted: options?.trusted ?? false });
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
