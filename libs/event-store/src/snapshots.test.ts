import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  RECENT_MESSAGES,
  SEEN_PROVIDER_IDS,
  SNAPSHOT_AFTER_EVENTS,
  atendeRegistry,
  conversationDecider,
  fold,
  handleCommand,
  loadAggregate,
  streams,
  type ConversationCommand,
  type ConversationEvent,
  type ConversationState,
  type EventStore,
} from '@atende/events';
import { eventLogText } from './contract/sample-events.js';
import { EncryptedEventStore } from './keys/encrypted-event-store.js';
import { FieldCipher } from './keys/field-cipher.js';
import { MasterKey } from './keys/master-key.js';
import { SqliteKeyStore } from './keys/sqlite-key-store.js';
import { createSqliteEventStore } from './sqlite/sqlite-event-store.js';
import { rewriteEventData } from './keys/rewrite-event-data.js';
import Database from 'better-sqlite3';

const WS = 'ws-snapshots';
const CHAT = '5511977776666@c.us';
const STREAM = streams.conversation(WS, CHAT);

const receive = (n: number): ConversationCommand => ({
  type: 'ReceiveInboundMessage',
  data: {
    messageId: `in${n}`,
    chatId: CHAT,
    sessionId: 's1',
    providerMessageId: `wa${n}`,
    customerId: '5511977776666',
    customerName: 'Joana Reservada',
    content: `Mensagem ${n}`,
    type: 'text',
    receivedAt: '2026-11-28T12:00:00.000Z',
  },
});

/** The store with every stream read recorded: the position each read started from. */
function recordingReads(store: EventStore): number[] {
  const reads: number[] = [];
  const readStream = store.readStream.bind(store);
  store.readStream = ((streamId: string, options?: { fromStreamPosition?: number }) => {
    reads.push(options?.fromStreamPosition ?? 0);
    return readStream(streamId, options);
  }) as EventStore['readStream'];
  return reads;
}

/** The customer's message `n` through the command handler (no cache: each loads the stream). */
const receiveOne = (store: EventStore, n: number) =>
  handleCommand({ store, registry: atendeRegistry }, conversationDecider, STREAM, receive(n), {
    workspaceId: WS,
  });

async function receiveMany(store: EventStore, from: number, count: number): Promise<void> {
  for (let n = from; n < from + count; n += 1) await receiveOne(store, n);
}

async function foldedFromEvents(store: EventStore): Promise<ConversationState> {
  const events = await store.readStream<ConversationEvent>(STREAM);
  return fold(
    conversationDecider,
    events.map((e) => ({ type: e.type, data: e.data }) as ConversationEvent),
  );
}

describe('snapshots of long streams', () => {
  let dir: string;
  let store: EncryptedEventStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-snapshots-'));
    const raw = createSqliteEventStore({ filename: path.join(dir, 'events.db') });
    store = new EncryptedEventStore(
      raw,
      new FieldCipher(new SqliteKeyStore(path.join(dir, 'keys.db'), MasterKey.random())),
    );
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one after a long tail, and the next load reads only what came after it', async () => {
    await receiveMany(store, 0, 60); // each command loads the whole stream: no cache
    const snapshot = await store.snapshots!.read(STREAM);
    // Kept each time a load had read SNAPSHOT_AFTER_EVENTS events since the last one.
    expect(snapshot!.version).toBeGreaterThan(60 - SNAPSHOT_AFTER_EVENTS);
    await receiveMany(store, 60, 3);

    const reads = recordingReads(store);
    const loaded = await loadAggregate({ store }, conversationDecider, STREAM);
    expect(reads).toEqual([snapshot!.version + 1]);
    expect(loaded.version).toBe(63); // its start, then 63 messages
    expect(loaded.state).toEqual(await foldedFromEvents(store));
    // Every message settled: the latest RECENT_MESSAGES to twice that are kept, each provider id seen.
    const kept = loaded.state.status === 'active' ? loaded.state.messages.length : 0;
    expect(kept).toBeGreaterThanOrEqual(RECENT_MESSAGES);
    expect(kept).toBeLessThanOrEqual(2 * RECENT_MESSAGES);
    expect(loaded.state.status === 'active' && loaded.state.seenProviderIds.length).toBe(63);
  });

  it('decides on a snapshot as on the whole stream: a message delivered again is still recognised', async () => {
    await receiveMany(store, 0, 60);
    const again = await receiveOne(store, 3);
    expect(again.events).toEqual([]);
  });

  it('stores once a message delivered again from further back than the state remembers (its event id)', async () => {
    await receiveMany(store, 0, SEEN_PROVIDER_IDS + 20);
    const before = await store.readStream<ConversationEvent>(STREAM);
    const again = await receiveOne(store, 0);
    expect(again.events.map((e) => e.type)).toEqual(['InboundMessageReceived']); // the state forgot it
    const after = await store.readStream<ConversationEvent>(STREAM);
    expect(after).toHaveLength(before.length); // the log did not
    expect(
      after.filter((e) => e.type === 'InboundMessageReceived' && e.data.messageId === 'in0'),
    ).toHaveLength(1);
  });

  it("keeps it sealed with the contact's key: not in the file in clear, unreadable once the contact is erased", async () => {
    await receiveMany(store, 0, 60);
    expect(await store.snapshots!.read(STREAM)).toBeDefined();
    expect(eventLogText(dir)).not.toContain('Joana Reservada');
    expect(eventLogText(dir)).not.toContain('5511977776666"');

    await store.cipher.destroyContact(WS, STREAM);
    expect(await store.snapshots!.read(STREAM)).toBeUndefined();
    const reads = recordingReads(store);
    await loadAggregate({ store }, conversationDecider, STREAM);
    expect(reads).toEqual([0]);
  });

  it('ignores a snapshot of another codec version', async () => {
    await receiveMany(store, 0, 60);
    const kept = (await store.snapshots!.read(STREAM))!;
    await store.snapshots!.write(STREAM, WS, { ...kept, version: kept.version + 1, schema: 999 });
    const reads = recordingReads(store);
    await loadAggregate({ store }, conversationDecider, STREAM);
    expect(reads[0]).toBe(0);
  });

  it('never replaces a snapshot with an older one', async () => {
    await receiveMany(store, 0, 10);
    await store.snapshots!.write(STREAM, WS, { version: 8, schema: 1, state: '{"status":"none"}' });
    await store.snapshots!.write(STREAM, WS, { version: 5, schema: 1, state: '{"status":"none"}' });
    expect((await store.snapshots!.read(STREAM))?.version).toBe(8);
  });

  it('keeps none for a position the stream does not hold (a stream erased while it was folded)', async () => {
    await receiveMany(store, 0, 10);
    await store.snapshots!.write(STREAM, WS, { version: 11, schema: 1, state: '{"status":"none"}' });
    expect(await store.snapshots!.read(STREAM)).toBeUndefined();
  });

  it("keeps none once an erasure here destroyed the contact's key (a state read before it)", async () => {
    await receiveMany(store, 0, 10);
    await store.cipher.destroyContact(WS, STREAM);
    await store.snapshots!.write(STREAM, WS, { version: 8, schema: 1, state: '{"status":"none"}' });
    expect(await store.raw.snapshots!.read(STREAM)).toBeUndefined();
  });

  it('is dropped when a migration rewrites the log it was folded from', async () => {
    await receiveMany(store, 0, 20);
    expect(await store.snapshots!.read(STREAM)).toBeDefined();
    const db = new Database(path.join(dir, 'events.db'));
    try {
      const unchanged = await rewriteEventData(db, '1 = 1', [], () => undefined);
      expect(unchanged.changed).toBe(0);
      expect(await store.snapshots!.read(STREAM)).toBeDefined();
      await rewriteEventData(
        db,
        "type = 'ConversationStarted'",
        [],
        (row) => JSON.parse(row.d) as Record<string, unknown>,
      );
    } finally {
      db.close();
    }
    expect(await store.snapshots!.read(STREAM)).toBeUndefined();
  });

  it("goes with its workspace's erasure, so the erased state never comes back", async () => {
    await receiveMany(store, 0, 60);
    await store.eraseWorkspace(WS, { keepTypes: ['WorkspaceDataDeleted'] });
    expect(await store.raw.snapshots!.read(STREAM)).toBeUndefined();
    expect((await loadAggregate({ store }, conversationDecider, STREAM)).state).toEqual({ status: 'none' });
  });
});
