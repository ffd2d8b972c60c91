import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { atendeRegistry, streams } from '@atende/events';
import { sampleInbound } from '../contract/sample-events.js';
import { FileMediaStore } from '../media/file-media-store.js';
import { SealedMediaStore } from '../media/sealed-media-store.js';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store.js';
import { EncryptedEventStore } from './encrypted-event-store.js';
import { encryptSqliteLog } from './encrypt-sqlite-log.js';
import { FieldCipher } from './field-cipher.js';
import { MasterKey } from './master-key.js';
import { SqliteKeyStore } from './sqlite-key-store.js';

const WS = 'ws-1';
const MEDIA_ID = 's1/recibo.jpg';

/** Every file under `dir`, as text (the raw bytes a backup would hold). */
function filesText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(e.parentPath, e.name)).toString('latin1'))
    .join('\n');
}

describe('npm run events -- encrypt: media stored before media sealing', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-plain-media-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('seals them with their customer key, once: the product still serves them, the disk no longer holds them plain', async () => {
    const file = path.join(dir, 'events.db');
    const cipher = new FieldCipher(new SqliteKeyStore(path.join(dir, 'keys.db'), MasterKey.random()));
    // A log written after pseudonyms and field sealing: its conversation is not renamed by the run.
    const log = createSqliteEventStore({ filename: file });
    const store = new EncryptedEventStore(log, cipher);
    const conversationId = await cipher.conversationIdFor(WS, '5511933332222@c.us');
    const stream = streams.conversation(WS, conversationId);
    const inbound = sampleInbound({ workspaceId: WS, chatId: conversationId, content: 'segue o recibo' });
    await store.appendToStream(stream, [
      inbound,
      atendeRegistry.prepare(
        {
          type: 'MessageMediaStored',
          data: {
            messageId: (inbound.data as { messageId: string }).messageId,
            mediaUrl: `/api/media/${MEDIA_ID}`,
          },
        },
        { workspaceId: WS },
      ),
    ]);
    await log.close(); // the log only: the run below uses the same keys
    const mediaRoot = path.join(dir, 'media');
    // Stored by the version before media sealing: plain bytes on disk.
    await new FileMediaStore({ root: mediaRoot }).put(
      WS,
      MEDIA_ID,
      Buffer.from('RECIBO-SIGILOSO'),
      'image/jpeg',
    );
    expect(filesText(mediaRoot)).toContain('RECIBO-SIGILOSO');

    const media = new SealedMediaStore(new FileMediaStore({ root: mediaRoot }), cipher);
    const first = await encryptSqliteLog(file, cipher, { media });
    expect(first.media).toBe(1);
    expect(filesText(mediaRoot)).not.toContain('RECIBO-SIGILOSO');
    expect((await media.get(WS, MEDIA_ID))?.bytes.toString()).toBe('RECIBO-SIGILOSO');
    expect((await encryptSqliteLog(file, cipher, { media })).media).toBe(0);
    await cipher.keys.close();
  });
});
