import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { atendeRegistry, streams, type StoredEvent } from '@atende/events';
import { eventLogText, sampleInbound } from '../contract/sample-events.js';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store.js';
import { EncryptedEventStore } from './encrypted-event-store.js';
import { encryptSqliteLog } from './encrypt-sqlite-log.js';
import { FieldCipher } from './field-cipher.js';
import { MasterKey } from './master-key.js';
import { SqliteKeyStore } from './sqlite-key-store.js';

const WS = 'ws-antigo';
const CHAT = '5511955554444@c.us';

describe('encryptSqliteLog (npm run events -- encrypt)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'atende-encrypt-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('seals a log written by the code before encryption, in place, and the product reads the same events', async () => {
    const file = path.join(dir, 'events.db');
    // A log as today's code wrote it before encryption: plain events in the adapter.
    const plain = createSqliteEventStore({ filename: file });
    const ctx = { workspaceId: WS };
    await plain.appendToStream(streams.conversation(WS, CHAT), [
      atendeRegistry.prepare(
        {
          type: 'ConversationStarted',
          data: {
            chatId: CHAT,
            sessionId: 's1',
            channel: 'whatsapp',
            customerId: '5511955554444',
            customerName: 'Rita Antiga',
            type: 'private',
          },
        },
        ctx,
      ),
      sampleInbound({
        workspaceId: WS,
        chatId: CHAT,
        content: 'endereço: Rua das Flores 123',
        senderName: 'Rita Antiga',
      }),
      atendeRegistry.prepare({ type: 'ConversationPinned', data: {} }, ctx),
    ]);
    await plain.appendToStream(streams.user('u1'), [
      atendeRegistry.prepare(
        { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$velho-hash' } },
        ctx,
      ),
    ]);
    const before = await plain.readStream(streams.conversation(WS, CHAT));
    await plain.close();
    expect(eventLogText(dir)).toContain('Rua das Flores 123');

    const cipher = new FieldCipher(new SqliteKeyStore(path.join(dir, 'keys.db'), MasterKey.random()));
    expect(await encryptSqliteLog(file, cipher)).toEqual({ scanned: 3, sealed: 3 });
    const disk = eventLogText(dir);
    for (const plainText of ['Rua das Flores 123', 'Rita Antiga', 'velho-hash'])
      expect(disk).not.toContain(plainText);
    expect(await encryptSqliteLog(file, cipher)).toEqual({ scanned: 3, sealed: 0 });

    const store = new EncryptedEventStore(createSqliteEventStore({ filename: file }), cipher);
    const strip = (events: StoredEvent[]) =>
      events.map(({ type, data, globalPosition }) => ({ type, data, globalPosition }));
    expect(strip(await store.readStream(streams.conversation(WS, CHAT)))).toEqual(strip(before));
    expect((await store.readStream(streams.user('u1')))[0]!.data).toMatchObject({
      passwordHash: 'scrypt$velho-hash',
    });
    await store.close();
  });
});
