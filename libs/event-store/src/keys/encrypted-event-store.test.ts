import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOVED_PLACEHOLDER, atendeRegistry, streams, type StoredEvent } from '@atende/events';
import { eventStoreContract } from '../contract/event-store-contract.js';
import { eventLogText, sampleInbound } from '../contract/sample-events.js';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store.js';
import { EncryptedEventStore } from './encrypted-event-store.js';
import { FieldCipher, WITHHELD_KEY_ID } from './field-cipher.js';
import { MasterKey } from './master-key.js';
import { SqliteKeyStore } from './sqlite-key-store.js';

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'atende-sealed-'));
}

function openEncrypted(dir: string, master: MasterKey): EncryptedEventStore {
  const raw = createSqliteEventStore({ filename: path.join(dir, 'events.db'), pollIntervalMs: 20 });
  return new EncryptedEventStore(raw, new FieldCipher(new SqliteKeyStore(path.join(dir, 'keys.db'), master)));
}

eventStoreContract('SQLite, encrypted', async () => {
  const dir = tempDir();
  const master = MasterKey.random();
  return {
    open: async () => openEncrypted(dir, master),
    childEnv: () => ({ ATENDE_STORE_KIND: 'sqlite', ATENDE_STORE_FILE: path.join(dir, 'events.db') }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const WS = 'ws-privacidade';
const chatId = '5511987650001@c.us';
const stream = streams.conversation(WS, chatId);

const inbound = (content: string, senderName = 'Maria Sigilosa') =>
  sampleInbound({ workspaceId: WS, chatId, content, senderName });

const contentOf = (events: readonly StoredEvent[]) =>
  events.map((e) => (e.data as { content?: string }).content);

describe('EncryptedEventStore', () => {
  let dir: string;
  let store: EncryptedEventStore;
  beforeEach(() => {
    dir = tempDir();
    store = openEncrypted(dir, MasterKey.random());
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps a customer's message only as ciphertext in the file, and reads it back plain", async () => {
    await store.appendToStream(stream, [inbound('meu CPF é 123.456.789-00')]);
    expect(contentOf(await store.readStream(stream))).toEqual(['meu CPF é 123.456.789-00']);
    const [viaAll] = await (async () => {
      const out: StoredEvent[] = [];
      for await (const e of store.readAll()) out.push(e);
      return out;
    })();
    expect((viaAll!.data as { senderName: string }).senderName).toBe('Maria Sigilosa');
    const bytes = eventLogText(dir);
    expect(bytes).not.toContain('123.456.789-00');
    expect(bytes).not.toContain('Maria Sigilosa');
    const [raw] = await store.raw.readStream(stream);
    expect(raw!.data).toMatchObject({
      chatId,
      $sealed: { k: expect.stringMatching(/^contact:ws-privacidade:/) },
    });
    expect(raw!.data).not.toHaveProperty('content');
  });

  it('reads an erased contact as the placeholder, and seals what comes later with a fresh key', async () => {
    await store.appendToStream(stream, [inbound('antes do pedido')]);
    expect(await store.cipher.destroyContact(WS, stream)).toBe(1);
    await store.appendToStream(stream, [inbound('depois do pedido', 'Maria de Novo')]);
    const events = await store.readStream(stream);
    expect(contentOf(events)).toEqual([REMOVED_PLACEHOLDER, 'depois do pedido']);
    expect(events[0]!.data).toMatchObject({ senderName: REMOVED_PLACEHOLDER, mediaUrl: null });
    const pages: StoredEvent[][] = [];
    for await (const page of store.readPages(1, 10, { trusted: true })) pages.push(page);
    expect(contentOf(pages.flat())).toEqual([REMOVED_PLACEHOLDER, 'depois do pedido']);
  });

  it('gives each contact a key of its own: erasing one leaves the others readable', async () => {
    const other = streams.conversation(WS, '5511900000002@c.us');
    await store.appendToStream(stream, [inbound('de um')]);
    await store.appendToStream(other, [inbound('de outro')]);
    await store.cipher.destroyContact(WS, stream);
    expect(contentOf(await store.readStream(other))).toEqual(['de outro']);
  });

  it('reads events written before encryption was turned on', async () => {
    await store.raw.appendToStream(stream, [inbound('texto antigo em claro')]);
    await store.appendToStream(stream, [inbound('texto novo')]);
    expect(contentOf(await store.readStream(stream))).toEqual(['texto antigo em claro', 'texto novo']);
  });

  it('withholds secrets from the bus, which then read as removed', async () => {
    const user = streams.user('u-1');
    await store.appendToStream(user, [
      atendeRegistry.prepare(
        { type: 'UserPasswordChanged', data: { userId: 'u-1', passwordHash: 'scrypt$hash-secreto' } },
        { workspaceId: WS },
      ),
    ]);
    const stored = await store.raw.readStream(user);
    const onBus = store.cipher.forBus(stored);
    expect(JSON.stringify(onBus)).not.toContain('hash-secreto');
    expect((onBus[0]!.data as { $sealed: { k: string } }).$sealed.k).toBe(WITHHELD_KEY_ID);
    const [opened] = await store.cipher.open(onBus);
    expect(opened!.data).toMatchObject({ userId: 'u-1', passwordHash: REMOVED_PLACEHOLDER });
    expect((await store.readStream(user))[0]!.data).toMatchObject({ passwordHash: 'scrypt$hash-secreto' });
  });

  it("erasing a workspace destroys its contacts' and secrets' keys", async () => {
    await store.appendToStream(stream, [inbound('vai sumir')]);
    const [raw] = await store.raw.readStream(stream);
    await store.eraseWorkspace(WS, { keepTypes: [] });
    const [reopened] = await store.cipher.open([raw!]);
    expect((reopened!.data as { content: string }).content).toBe(REMOVED_PLACEHOLDER);
  });

  it('erasing a workspace destroys the keys of the accounts that go with it, and only theirs', async () => {
    const secret = (userId: string) =>
      atendeRegistry.prepare(
        { type: 'UserPasswordChanged', data: { userId, passwordHash: `scrypt$hash-de-${userId}` } },
        { workspaceId: WS },
      );
    await store.appendToStream(streams.user('u-so-aqui'), [secret('u-so-aqui')]);
    await store.appendToStream(streams.user('u-de-outra'), [secret('u-de-outra')]);
    const [gone] = await store.raw.readStream(streams.user('u-so-aqui'));
    const [kept] = await store.raw.readStream(streams.user('u-de-outra'));
    await store.eraseWorkspace(WS, {
      keepTypes: [],
      keepStreams: [streams.user('u-de-outra')],
      erasedAccountStreams: [streams.user('u-so-aqui')],
    });
    const [goneNow, keptNow] = await store.cipher.open([gone!, kept!]);
    expect(goneNow!.data).toMatchObject({ passwordHash: REMOVED_PLACEHOLDER });
    expect(keptNow!.data).toMatchObject({ passwordHash: 'scrypt$hash-de-u-de-outra' });
  });

  it('refuses a ciphertext moved to another key id (the key id is authenticated)', async () => {
    await store.appendToStream(stream, [inbound('um')]);
    const other = streams.conversation(WS, '5511900000003@c.us');
    await store.appendToStream(other, [inbound('dois')]);
    const [a] = await store.raw.readStream(stream);
    const [b] = await store.raw.readStream(other);
    const forged = {
      ...a!,
      data: {
        ...(a!.data as object),
        $sealed: {
          ...(a!.data as { $sealed: object }).$sealed,
          k: (b!.data as { $sealed: { k: string } }).$sealed.k,
        },
      },
    } as StoredEvent;
    await expect(store.cipher.open([forged])).rejects.toThrow();
  });

  it('hands a follower of the log here what it appended without decrypting it, until an erasure', async () => {
    const abort = new AbortController();
    const pages = store.subscribePages(1, { signal: abort.signal, trusted: true })[Symbol.asyncIterator]();
    const open = jest.spyOn(store.cipher, 'open');
    const waiting = pages.next(); // following from here on, as a projector does
    await store.appendToStream(stream, [inbound('recém-chegada')]);
    const first = await waiting;
    expect(contentOf(first.value as StoredEvent[])).toEqual(['recém-chegada']);
    expect(open).not.toHaveBeenCalled();

    await store.appendToStream(stream, [inbound('apagada antes de ser lida')]);
    await store.cipher.destroyContact(WS, stream);
    const second = await pages.next();
    expect(contentOf(second.value as StoredEvent[])).toEqual([REMOVED_PLACEHOLDER]);
    abort.abort();
    await pages.return?.();
    expect(store.recent.size).toBe(0);
  });

  it('opens only the types a fold asks for, and leaves the others sealed, without decrypting them', async () => {
    await store.appendToStream(stream, [inbound('primeira'), inbound('segunda')]);
    store.recent.clear(); // as another process reads it: nothing plain at hand
    const plain = { trusted: true, openTypes: new Set(['InboundMessageReceived']) };
    const open = jest.spyOn(store.cipher, 'open');
    expect(contentOf(await store.readStream(stream, plain))).toEqual(['primeira', 'segunda']);
    expect(open.mock.calls[0]![0]).toHaveLength(2);

    open.mockClear();
    const sealed = await store.readStream(stream, {
      trusted: true,
      openTypes: new Set(['ConversationStarted']),
    });
    expect(sealed.map((e) => e.data)).toEqual([
      expect.objectContaining({ chatId, $sealed: expect.anything() }),
      expect.objectContaining({ chatId, $sealed: expect.anything() }),
    ]);
    expect(contentOf(sealed)).toEqual([undefined, undefined]);
    expect(open).not.toHaveBeenCalled();
  });

  it('seals at once when the keys are cached, and waits for the store only for a new contact', async () => {
    const [first] = [inbound('primeira')];
    expect(store.cipher.sealCached(stream, [first!])).toBeUndefined(); // the contact has no key yet
    const [sealed] = await store.cipher.seal(stream, [first!]);
    const [again] = store.cipher.sealCached(stream, [inbound('segunda')])!;
    expect((again!.data as { $sealed: { k: string } }).$sealed.k).toBe(
      (sealed!.data as { $sealed: { k: string } }).$sealed.k,
    );
    expect(again!.data).not.toHaveProperty('content');
  });
});
