import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { atendeRegistry, type EventStore } from '@atende/events';
import { createSqliteEventStore, writeEventLogFile, openDeploymentKeys } from '@atende/event-store';
import { MemoryReadModels, openMemorySnapshot } from '@atende/read-models';
import {
  allProjections,
  backgroundProjections,
  dumpAllProjections,
  generateWorkload,
  rebuild,
  withoutCheckpoints,
} from '@atende/projector';
import {
  READ_MODEL_SNAPSHOT_NAME,
  restoreReadModelSnapshot,
  saveReadModelSnapshot,
} from './read-model-snapshot.js';
import { startEmbedded, type EmbeddedAtende } from './start-embedded.js';

const logger = pino({ level: 'silent' });

/** A customer writes through the sandbox; answers the conversation's id (a pseudonym of the number). */
async function customerWrites(
  atende: EmbeddedAtende,
  from: string,
  text: string,
  id: string,
): Promise<string> {
  const response = await fetch(`${atende.url}/api/sandbox/whatsapp/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-token': atende.sandboxToken! },
    body: JSON.stringify({ sessionId: 'demo-sandbox', from, text, providerMessageId: id }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { conversationId: string }).conversationId;
}

/** What every projection holds once caught up, next to a rebuild of the same log into fresh read models. */
async function servedAndRebuilt(atende: EmbeddedAtende) {
  expect(await atende.projector.caughtUp()).toBe(true);
  expect(await atende.backgroundProjector.caughtUp()).toBe(true);
  const rebuilt = new MemoryReadModels();
  await rebuild({ store: atende.store, readModels: rebuilt, projections: allProjections });
  return {
    served: withoutCheckpoints(await dumpAllProjections(atende.readModels)),
    rebuilt: withoutCheckpoints(await dumpAllProjections(rebuilt)),
  };
}

describe('read models saved at stop, restored at start', () => {
  let dir: string;
  let file: string;
  const config = () => loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent' });
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-snapshot-'));
    file = path.join(dir, READ_MODEL_SNAPSHOT_NAME);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A first run with two customers' messages, stopped: its snapshot is in DATA_DIR. Answers the first's conversation id. */
  async function firstRun(): Promise<string> {
    const first = await startEmbedded(config(), logger);
    expect(first.restoredReadModels).toBe(false);
    const conversationId = await customerWrites(first, '5511911110001', 'Olá, bom dia', 'p-1');
    await customerWrites(first, '5511911110002', 'Qual o horário?', 'p-2');
    expect(await first.projector.caughtUp()).toBe(true);
    await first.stop();
    expect(existsSync(file)).toBe(true);
    return conversationId;
  }

  it('a restart resumes from the snapshot, catches up with what was appended meanwhile, and equals a rebuild', async () => {
    const conversationId = await firstRun();
    // Appended while Atende was stopped (another process): the restart must apply it.
    const store = createSqliteEventStore({ filename: path.join(dir, 'events.db') });
    const stream = `conversation-minha-empresa-${conversationId}`;
    const version = (await store.readStream(stream)).length - 1;
    await store.appendToStream(
      stream,
      [atendeRegistry.prepare({ type: 'ConversationPinned', data: {} }, { workspaceId: 'minha-empresa' })],
      { expectedVersion: version },
    );
    await store.close();

    const second = await startEmbedded(config(), logger);
    try {
      expect(second.restoredReadModels).toBe(true);
      // The file is gone while Atende runs (no copy of data that may be erased meanwhile).
      expect(existsSync(file)).toBe(false);
      const row = await second.readModels
        .view('conversations')
        .get<{ isPinned: boolean; lastMessage: string }>('conversation', `minha-empresa:${conversationId}`);
      expect(row).toMatchObject({ isPinned: true, lastMessage: 'Olá, bom dia' });
      // Live events go on over the restored read models.
      await customerWrites(second, '5511911110002', 'Vocês abrem sábado?', 'p-3');
      const { served, rebuilt } = await servedAndRebuilt(second);
      expect(served).toEqual(rebuilt);
    } finally {
      await second.stop();
    }
  });

  it('a stop while analytics and suggestions still replay the log saves them where they were; the restart resumes them', async () => {
    // A log with history, written straight into the store's file (a first start on it replays it all).
    writeEventLogFile(
      path.join(dir, 'events.db'),
      [...generateWorkload(6000, { workspaceId: 'loja', conversations: 200 })].map((g) => ({
        streamId: g.streamId,
        event: atendeRegistry.prepare(g.event, { workspaceId: 'loja', occurredAt: g.occurredAt }),
      })),
    );

    const first = await startEmbedded(config(), logger);
    // Stopped at once: the background projections have not caught up with 6,000 events yet.
    await first.stop();
    // The snapshot is sealed with the deployment's read-model key (DATA_DIR/keys.db, master.key).
    const keys = openDeploymentKeys(dir, undefined);
    const key = await keys.cipher.readModelsKey();
    await keys.cipher.keys.close();
    const saved = openMemorySnapshot(file, { key })!.load();
    const head = saved.projections.find((p) => p.name === 'conversations')!.checkpoint;
    for (const p of backgroundProjections) {
      const checkpoint = saved.projections.find((s) => s.name === p.name)?.checkpoint ?? 0;
      expect({ name: p.name, behind: checkpoint < head }).toEqual({ name: p.name, behind: true });
    }

    const second = await startEmbedded(config(), logger);
    try {
      expect(second.restoredReadModels).toBe(true);
      const { served, rebuilt } = await servedAndRebuilt(second);
      expect(served).toEqual(rebuilt);
      expect(Object.keys(served.analytics?.docs.day ?? {}).length).toBeGreaterThan(0);
    } finally {
      await second.stop();
    }
  });

  it('rebuilds instead when the snapshot was made by other code, is damaged, or belongs to another log', async () => {
    await firstRun();
    const saved = readFileSync(file);
    const newline = saved.indexOf(10);
    const header = JSON.parse(saved.subarray(0, newline).toString('utf8')) as Record<string, unknown>;
    const withHeader = (changes: Record<string, unknown>) =>
      Buffer.concat([
        Buffer.from(`${JSON.stringify({ ...header, ...changes })}\n`),
        saved.subarray(newline + 1),
      ]);
    const cases: Array<[string, Buffer]> = [
      ['other code', withHeader({ fingerprint: 'other-code' })],
      ['truncated', saved.subarray(0, saved.length - 100)],
      ['another log', withHeader({ eventId: 'not-the-event-stored-there' })],
      ['a longer log', withHeader({ position: (header.position as number) + 50 })],
    ];
    for (const [label, content] of cases) {
      writeFileSync(file, content);
      const atende = await startEmbedded(config(), logger);
      try {
        expect({ label, restored: atende.restoredReadModels }).toEqual({ label, restored: false });
        expect(existsSync(file)).toBe(false);
        const { served, rebuilt } = await servedAndRebuilt(atende);
        expect(served).toEqual(rebuilt);
        expect(Object.keys(served.messages?.docs.message ?? {})).toHaveLength(2);
      } finally {
        await atende.stop();
      }
    }
  });
});

describe('read-model snapshot encrypted with a key', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-snapshot-'));
    file = path.join(dir, READ_MODEL_SNAPSHOT_NAME);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const secret = 'Cliente-Distintiva-77b2';
  const key = randomBytes(32);
  /** A log whose event at every position has the id `e-{position}` (all a snapshot asks of it). */
  const store = {
    readBatch: async (from: number) => [{ globalPosition: from, metadata: { eventId: `e-${from}` } }],
  } as unknown as EventStore;
  const options = (readModels: MemoryReadModels, withKey: Buffer | undefined) => ({
    file,
    store,
    readModels,
    fingerprint: 'this-code',
    logger,
    key: withKey,
  });

  async function saved(): Promise<MemoryReadModels> {
    const readModels = new MemoryReadModels();
    const batch = await readModels.writer('contacts').beginBatch();
    batch.put('contact', 'w:5511900000001', { name: secret, phone: '5511900000001' });
    batch.indexPut('by-name', 'w:5511900000001', 1);
    await batch.commit(5);
    await saveReadModelSnapshot(options(readModels, key));
    return readModels;
  }

  it('holds no plaintext of the documents on disk, and restores them with the key', async () => {
    const original = await saved();
    const onDisk = readFileSync(file);
    expect(onDisk.includes(secret)).toBe(false);
    expect(onDisk.includes('5511900000001')).toBe(false);
    const restored = new MemoryReadModels();
    expect(await restoreReadModelSnapshot(options(restored, key))).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect(await restored.view('contacts').get('contact', 'w:5511900000001')).toEqual({
      name: secret,
      phone: '5511900000001',
    });
    expect(await restored.view('contacts').dump()).toEqual(await original.view('contacts').dump());
  });

  it('is not restored with another key or none (the read models are rebuilt), nor is a plain file once a key is given', async () => {
    for (const other of [randomBytes(32), undefined]) {
      await saved();
      const restored = new MemoryReadModels();
      expect(await restoreReadModelSnapshot(options(restored, other))).toBe(false);
      expect(existsSync(file)).toBe(false);
      expect(await restored.view('contacts').checkpoint()).toBe(0);
    }
    const plain = new MemoryReadModels();
    const batch = await plain.writer('contacts').beginBatch();
    batch.put('contact', 'w:1', { name: secret });
    await batch.commit(5);
    await saveReadModelSnapshot(options(plain, undefined));
    expect(readFileSync(file).includes(secret)).toBe(true); // without a key, as before
    expect(await restoreReadModelSnapshot(options(new MemoryReadModels(), key))).toBe(false);
  });
});
