import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMediaStore } from '@atende/event-store';
import { MEDIA_WITHOUT_WORKSPACE_MESSAGE, WorkspaceMediaSink } from './workspace-media-sink.js';

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
});
