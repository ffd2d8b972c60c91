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
  SnapshotStore,
  StoredEvent,
  SubscribeOptions,
} from '@atende/events';
import type { FieldCipher } from './field-cipher.js';
import { RecentAppends } from './recent-appends.js';
import { SealedSnapshots } from './sealed-snapshots.js';
import { eventsOfPages, withData } from '../stored-events.js';

/**
 * Any EventStore with the sensitive fields of its events encrypted (DESIGN §3): sealed on append,
 * opened on read, so what reaches the adapter (the SQLite file, PostgreSQL, EventStoreDB) holds
 * only ciphertext and callers see plain events. `raw` is the adapter itself, for the relay that
 * puts the stored (sealed) form on the bus.
 */
export class EncryptedEventStore implements EventStore {
  /** Plain payloads of what this process appended, for the followers of the log here. */
  readonly recent = new RecentAppends();
  readonly snapshots: SnapshotStore | undefined;

  constructor(
    readonly raw: EventStore,
    readonly cipher: FieldCipher,
  ) {
    cipher.onKeysDestroyed(() => this.recent.clear());
    this.snapshots = raw.snapshots && new SealedSnapshots(raw.snapshots, cipher);
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    const sealed = this.cipher.sealCached(streamId, events) ?? (await this.cipher.seal(streamId, events));
    const result = await this.raw.appendToStream(streamId, sealed, options);
    if (sealed !== events && result.written === events.length) this.remember(events, sealed, result);
    return result;
  }

  private remember(events: readonly NewEvent[], sealed: readonly NewEvent[], result: AppendResult): void {
    for (let i = 0; i < events.length; i += 1) {
      const event = events[i]!;
      if (sealed[i] === event) continue; // nothing sealed: read back as it is
      const fields = this.cipher.registry.definition(event.type).sealed!.fields;
      const data = event.data as Record<string, unknown>;
      this.recent.remember(result.globalPositions[i]!, event.metadata.eventId, fields, data);
    }
  }

  /** A page read back, opened: from what this process appended, else decrypted. */
  private async open(page: readonly StoredEvent[], trusted: boolean): Promise<StoredEvent[]> {
    let sealed = false;
    const out = page.map((event) => {
      if (!sealedPartOf(event.data)) return event;
      const data = this.recent.plainData(event.globalPosition, event.metadata.eventId, event.data);
      if (data) return withData(event, data);
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
    const trusted = options?.trusted ?? false;
    const only = options?.openTypes;
    if (!only) return (await this.open(events, trusted)) as StoredEvent<E>[];
    // Left sealed only at their current version: an older one is opened to be upcast.
    const needed = events.map(
      (e) => only.has(e.type) || e.metadata.schemaVersion !== this.cipher.registry.definition(e.type).version,
    );
    const opened = await this.open(
      events.filter((_, i) => needed[i]),
      trusted,
    );
    let next = 0;
    return events.map((e, i) => (needed[i] ? opened[next++]! : e)) as StoredEvent<E>[];
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

  subscribe(fromGlobalPosition?: number, options?: SubscribeOptions): AsyncIterable<StoredEvent> {
    return eventsOfPages(this.subscribePages(fromGlobalPosition, options), options?.signal);
  }

  /** Pages as they come, opened; while it runs, what this process appends is kept plain for it. */
  async *subscribePages(
    fromGlobalPosition?: number,
    options?: SubscribeOptions,
  ): AsyncIterable<StoredEvent[]> {
    const mark = this.recent.follow(fromGlobalPosition ?? 0);
    try {
      for await (const page of this.raw.subscribePages(fromGlobalPosition, options)) {
        const opened = await this.open(page, options?.trusted ?? false);
        if (page.length > 0) this.recent.advanced(mark, page[page.length - 1]!.globalPosition + 1);
        yield opened;
      }
    } finally {
      this.recent.unfollow(mark);
    }
  }

  /** Deletes the workspace's events and destroys its keys: copies elsewhere (Kafka, backups) become unreadable. */
  async eraseWorkspace(workspaceId: string, options: EraseWorkspaceOptions): Promise<EraseWorkspaceResult> {
    // Keys first: a crash before the events go still leaves every copy unreadable (and a retry redoes it).
    await this.cipher.destroyWorkspace(workspaceId);
    for (const account of options.erasedAccountStreams ?? []) await this.cipher.destroyAccount(account);
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
