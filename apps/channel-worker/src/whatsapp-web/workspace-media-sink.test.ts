import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@atende/events';
import {
  FieldCipher,
  FileMediaStore,
  MasterKey,
  SealedMediaStore,
  SqliteKeyStore,
  isSealedMedia,
} from '@atende/event-store';
import {
  MEDIA_WITHOUT_WORKSPACE_MESSAGE,
  WorkspaceMediaSink,
  conversationIdsOfLaterBridge,
} from './workspace-media-sink.js';

describe('WorkspaceMediaSink', () => {
  let root: string;
  let store: FileMediaStore;
  const workspaces: Record<string, string> = { 's-1': 'ws-1', '../../etc': 'ws-1' };
  const sink = () => new WorkspaceMediaSink(store, async (sessionId) => workspaces[sessionId]);
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'atende-media-'));
    store = new FileMediaStore({ root });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("stores <session>/<sha256 of the provider id>.<ext> as the session's workspace's, replaced on a re-download", async () => {
    const media = {
      sessionId: 's-1',
      providerMessageId: 'false_55@c.us_A',
      mimetype: 'image/png',
      data: Buffer.from('one'),
    };
    const { mediaId } = await sink().save(media);
    const hash = createHash('sha256').update('false_55@c.us_A').digest('hex');
    expect(mediaId).toBe(`s-1/${hash}.png`);
    expect(await readFile(join(root, 's-1', `${hash}.png`), 'utf8')).toBe('one');

    await sink().save({ ...media, data: Buffer.from('two') });
    expect((await readdir(join(root, 's-1'))).sort()).toEqual(['.workspace', `${hash}.png`]);
    expect(await store.get('ws-1', mediaId)).toEqual({ bytes: Buffer.from('two'), contentType: 'image/png' });
    expect(await store.get('ws-2', mediaId)).toBeUndefined();
  });

  it('never leaves the root, whatever the session id', async () => {
    const { mediaId } = await sink().save({
      sessionId: '../../etc',
      providerMessageId: 'x',
      mimetype: 'text/plain',
      data: Buffer.from('x'),
    });
    const [dir] = mediaId.split('/');
    expect(dir).toMatch(/^h-[a-f0-9]+$/);
    expect(await readdir(root)).toEqual([dir]);
  });

  it('refuses media of a session no workspace has', async () => {
    await expect(
      sink().save({
        sessionId: 's-9',
        providerMessageId: 'x',
        mimetype: 'image/png',
        data: Buffer.from('x'),
      }),
    ).rejects.toThrow(MEDIA_WITHOUT_WORKSPACE_MESSAGE);
    expect(await readdir(root)).toEqual([]);
  });

  it("seals a download with its customer's key, from the conversation the bridge records it in", async () => {
    const keys = new SqliteKeyStore(':memory:', MasterKey.random());
    const cipher = new FieldCipher(keys);
    const sealed = new SealedMediaStore(store, cipher);
    const conversations = conversationIdsOfLaterBridge();
    const asked: string[] = [];
    const sealing = new WorkspaceMediaSink(sealed, async (sessionId) => workspaces[sessionId], {
      conversationIdOf: conversations.conversationIdOf,
    });
    const marker = 'selfie-com-documento-0a1b';
    // The download finishes before the bridge has started: it waits for it.
    const saved = sealing.save({
      sessionId: 's-1',
      providerMessageId: 'false_5511@c.us_IMG',
      chatId: '5511912345678@c.us',
      mimetype: 'image/jpeg',
      data: Buffer.from(marker),
    });
    conversations.started({
      conversationIdOf: async (sessionId, chatId) => {
        asked.push(`${sessionId} ${chatId}`);
        return 'ct_00112233445566778899aabb';
      },
    });
    const { mediaId } = await saved;
    expect(asked).toEqual(['s-1 5511912345678@c.us']);
    const raw = await readFile(join(root, mediaId));
    expect(isSealedMedia(raw)).toBe(true);
    expect(raw.includes(marker)).toBe(false);
    expect((await sealed.get('ws-1', mediaId))!.bytes.toString()).toBe(marker);

    // Sealed with the conversation's contact key: its erasure leaves nothing to read.
    await cipher.destroyContact('ws-1', streams.conversation('ws-1', 'ct_00112233445566778899aabb'));
    expect(await sealed.get('ws-1', mediaId)).toBeUndefined();
    await keys.close();
  });
});
