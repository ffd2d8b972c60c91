import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  REMOVED_PLACEHOLDER,
  atendeRegistry,
  streams,
  type EventStore,
  type StoredEvent,
} from '@atende/events';
import { eventLogText, sampleInbound } from '../contract/sample-events.js';
import { FileMediaStore } from '../media/file-media-store.js';
import { SealedMediaStore } from '../media/sealed-media-store.js';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store.js';
import { EncryptedEventStore } from './encrypted-event-store.js';
import { encryptSqliteLog } from './encrypt-sqlite-log.js';
import { FieldCipher } from './field-cipher.js';
import { MasterKey } from './master-key.js';
import { SqliteKeyStore } from './sqlite-key-store.js';

const WS = 'ws-antigo';
const PHONE = '5511955554444';
const CHAT = `${PHONE}@c.us`;
/** A group named before pseudonyms: its WhatsApp id holds its creator's number. */
const GROUP = `${PHONE}-1600000000@g.us`;
/** A customer erased before the migration, in a log not sealed yet: their data still plain. */
const ERASED_PHONE = '5511944443333';
const ERASED_CHAT = `${ERASED_PHONE}@c.us`;
const MEDIA_ID = 's1/foto.jpg';
const ctx = { workspaceId: WS };
const prepare = (type: string, data: Record<string, unknown>) => atendeRegistry.prepare({ type, data }, ctx);
const started = (chatId: string, name: string, type: 'private' | 'group' = 'private') =>
  prepare('ConversationStarted', {
    chatId,
    sessionId: 's1',
    channel: 'whatsapp',
    customerId: chatId.split(/[-@]/)[0],
    customerName: name,
    type,
  });
const strip = (events: StoredEvent[]) =>
  events.map(({ type, data, globalPosition }) => ({ type, data, globalPosition }));

/** A log as the code before encryption and pseudonyms wrote it: plain events, conversations named by the WhatsApp id. */
async function writeLegacyLog(file: string): Promise<void> {
  const plain = createSqliteEventStore({ filename: file });
  const inbound = sampleInbound({
    workspaceId: WS,
    chatId: CHAT,
    content: 'endereço: Rua das Flores 123',
    senderName: 'Rita Antiga',
    // whatsapp-web.js ids held the chat before issue 26.
    providerMessageId: `false_${CHAT}_3EB0AAA`,
  });
  await plain.appendToStream(streams.conversation(WS, CHAT), [
    started(CHAT, 'Rita Antiga'),
    inbound,
    prepare('MessageMediaStored', {
      messageId: (inbound.data as { messageId: string }).messageId,
      mediaUrl: `/api/media/${MEDIA_ID}`,
    }),
    prepare('OutboundMessageRequested', {
      messageId: 'out-1',
      chatId: CHAT,
      sessionId: 's1',
      agentId: 'u1',
      content: 'Olá, Rita!',
      type: 'text',
      timestamp: new Date().toISOString(),
    }),
    prepare('OutboundMessageSent', { messageId: 'out-1', providerMessageId: `true_${CHAT}_3EB0BBB` }),
    prepare('ConversationPinned', {}),
    prepare('ConversationAssigned', { assigneeId: 'u1', byUserId: 'u1' }),
    prepare('ConversationRated', { rating: 5, byUserId: 'u1' }),
  ]);
  await plain.appendToStream(streams.conversation(WS, GROUP), [started(GROUP, 'Família', 'group')]);
  await plain.appendToStream(streams.conversation(WS, ERASED_CHAT), [
    started(ERASED_CHAT, 'Zé Apagado'),
    sampleInbound({
      workspaceId: WS,
      chatId: ERASED_CHAT,
      content: 'meu CPF é 123',
      senderName: 'Zé Apagado',
    }),
    prepare('ContactDataErased', { byUserId: 'u1' }),
  ]);
  await plain.appendToStream(streams.audit(WS), [
    prepare('AccessDenied', {
      userId: 'u2',
      role: 'agent',
      permission: 'contacts:privacy',
      method: 'GET',
      path: `/api/contacts/${encodeURIComponent(CHAT)}/export`,
    }),
  ]);
  await plain.appendToStream(streams.user('u1'), [
    prepare('UserPasswordChanged', { userId: 'u1', passwordHash: 'scrypt$velho-hash' }),
  ]);
  await plain.close();
  // ConversationStarted of version 1 had no `type`: it came from the id (`@g.us`), which is renamed.
  const db = new Database(file);
  db.prepare(
    `UPDATE events SET schema_version = 1, data = json_remove(data, '$.type') WHERE stream_id = ?`,
  ).run(streams.conversation(WS, GROUP));
  db.close();
}

function conversationStreams(file: string): { id: string; version: number; last: number }[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], { id: string; version: number; last: number }>(
        `SELECT s.stream_id AS id, s.version AS version, MAX(e.stream_position) AS last FROM streams s
         JOIN events e ON e.stream_id = s.stream_id WHERE s.stream_id LIKE 'conversation-%' GROUP BY s.stream_id`,
      )
      .all();
  } finally {
    db.close();
  }
}

describe('encryptSqliteLog (npm run events -- encrypt)', () => {
  let dir: string;
  let file: string;
  let cipher: FieldCipher;
  let media: SealedMediaStore;
  let store: EventStore | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-encrypt-'));
    file = path.join(dir, 'events.db');
    cipher = new FieldCipher(new SqliteKeyStore(path.join(dir, 'keys.db'), MasterKey.random()));
    media = new SealedMediaStore(new FileMediaStore({ root: path.join(dir, 'media') }), cipher);
    await writeLegacyLog(file);
    // A photo the customer sent after media sealing: sealed with the key of the conversation's stream then.
    await media.put(WS, MEDIA_ID, Buffer.from('foto da Rita'), 'image/jpeg', {
      conversationStreamId: streams.conversation(WS, CHAT),
    });
  });
  afterEach(async () => {
    await (store ? store.close() : cipher.keys.close());
    store = undefined;
    rmSync(dir, { recursive: true, force: true });
  });
  const open = () => (store = new EncryptedEventStore(createSqliteEventStore({ filename: file }), cipher));

  it('seals the log in place and renames conversations named by a WhatsApp id: nothing of the phone stays in the file', async () => {
    const raw = createSqliteEventStore({ filename: file });
    const before = await raw.readStream(streams.conversation(WS, CHAT));
    await raw.close();
    expect(eventLogText(dir)).toContain('Rua das Flores 123');
    expect(eventLogText(dir)).toContain(PHONE);

    const report = await encryptSqliteLog(file, cipher, { media });
    expect(report).toEqual({
      scanned: 8,
      sealed: 8,
      renamed: 3,
      renamedErased: 1,
      notRenamed: 0,
      references: 1,
      media: 1,
      providerIds: 2,
    });
    const disk = eventLogText(dir);
    for (const text of [
      'Rua das Flores 123',
      'Rita Antiga',
      'velho-hash',
      'CPF',
      'Zé Apagado',
      PHONE,
      ERASED_PHONE,
    ])
      expect(disk).not.toContain(text);
    expect(disk).not.toMatch(/@[cg]\.us/);

    // The conversation reads back under its pseudonym, the one its next message gets: same events,
    // positions and versions; its id in every plain field; the address replies go to, sealed.
    const id = await cipher.conversationIdFor(WS, CHAT);
    expect(id).toMatch(/^ct_[0-9a-f]{24}$/);
    const log = open();
    expect(await log.readStream(streams.conversation(WS, CHAT))).toEqual([]);
    const after = await log.readStream(streams.conversation(WS, id));
    const renamed = (data: unknown) =>
      JSON.parse(JSON.stringify(data).replaceAll(`${CHAT}_`, '').replaceAll(CHAT, id)) as unknown;
    expect(strip(after)).toEqual(
      strip(before).map((e, i) => ({
        ...e,
        data: i === 0 ? { ...(renamed(e.data) as object), address: CHAT } : renamed(e.data),
      })),
    );
    expect(after.map((e) => e.metadata.eventId)).toEqual(before.map((e) => e.metadata.eventId));
    expect((await log.readStream(streams.user('u1')))[0]!.data).toMatchObject({
      passwordHash: 'scrypt$velho-hash',
    });
    const [denied] = await log.readStream(streams.audit(WS));
    expect(denied!.data).toMatchObject({ path: `/api/contacts/${id}/export` });

    // The group's type, once read from its id, is kept; the erased customer's conversation got an id
    // that links to no one, and reads as erased.
    const names = conversationStreams(file);
    expect(names.map((s) => s.version)).toEqual(names.map((s) => s.last));
    const others = names.map((s) => s.id).filter((s) => s !== streams.conversation(WS, id));
    expect(others).toHaveLength(2);
    const read = await Promise.all(others.map((s) => log.readStream(s)));
    const group = read.find((events) => events.length === 1)!;
    expect(group[0]!.data).toMatchObject({ type: 'group', customerName: 'Família', address: GROUP });
    const erased = read.find((events) => events.length === 3)!;
    expect(erased[0]!.data).toMatchObject({ customerName: REMOVED_PLACEHOLDER, type: 'private' });
    expect(erased[1]!.data).toMatchObject({ content: REMOVED_PLACEHOLDER, senderPhone: REMOVED_PLACEHOLDER });

    // Its media was sealed again with the new key before the old stream's key was destroyed.
    expect((await media.get(WS, MEDIA_ID))?.bytes.toString()).toBe('foto da Rita');

    // A second run changes nothing.
    expect(await encryptSqliteLog(file, cipher, { media })).toEqual({
      scanned: 8,
      sealed: 0,
      renamed: 0,
      renamedErased: 0,
      notRenamed: 0,
      references: 0,
      media: 0,
      providerIds: 0,
    });
  });

  it('after the migration, erasing the customer leaves their data unreadable everywhere, media copies included', async () => {
    const files = new FileMediaStore({ root: path.join(dir, 'media') });
    const sealedBefore = await files.get(WS, MEDIA_ID);
    await encryptSqliteLog(file, cipher, { media });
    const sealedAfter = await files.get(WS, MEDIA_ID);
    const id = await cipher.conversationIdFor(WS, CHAT);
    const streamId = streams.conversation(WS, id);
    const log = open();
    // As POST /api/contacts/:id/erase does.
    await cipher.forgetConversationRoute(WS, CHAT);
    await cipher.destroyContact(WS, streamId);
    await log.appendToStream(streamId, [prepare('ContactDataErased', { byUserId: 'u1' })]);

    const events = await log.readStream(streamId);
    expect(events[0]!.data).toMatchObject({
      customerName: REMOVED_PLACEHOLDER,
      address: REMOVED_PLACEHOLDER,
    });
    expect(events[1]!.data).toMatchObject({ content: REMOVED_PLACEHOLDER });
    expect(await cipher.conversationIdFor(WS, CHAT)).not.toBe(id);
    // Copies of the media file taken before the migration or before the erasure (backups) no
    // longer open: neither key is left.
    for (const copy of [sealedBefore!, sealedAfter!]) {
      await files.put(WS, MEDIA_ID, copy.bytes, copy.contentType);
      expect(await media.get(WS, MEDIA_ID)).toBeUndefined();
    }
    const disk = eventLogText(dir);
    expect(disk).not.toContain(PHONE);
    expect(disk).not.toContain('Rua das Flores 123');
  });
});
