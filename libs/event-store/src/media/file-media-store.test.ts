import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileMediaStore } from './file-media-store.js';
import { mediaStoreContract } from './media-store-contract.js';

describe('FileMediaStore', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'atende-media-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  mediaStoreContract('FileMediaStore', async () => new FileMediaStore({ root }));

  it('keeps the layout of DATA_DIR/media: <root>/<session>/<file>, its workspace beside, nothing else left', async () => {
    const store = new FileMediaStore({ root });
    await store.put('ws-a', 'layout/abc.png', Buffer.from('png'), 'image/png');
    await store.put('ws-a', 'layout/abc.png', Buffer.from('png 2'), 'image/png');
    expect(readdirSync(path.join(root, 'layout')).sort()).toEqual(['.workspace', 'abc.png']);
    expect(readFileSync(path.join(root, 'layout', 'abc.png'), 'utf8')).toBe('png 2');
    expect(readFileSync(path.join(root, 'layout', '.workspace'), 'utf8')).toBe('ws-a');
    expect(statSync(path.join(root, 'layout', 'abc.png')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(root, 'layout')).mode & 0o777).toBe(0o700);
  });

  it('serves the files an older version wrote, to the workspace of their session only', async () => {
    mkdirSync(path.join(root, 'legacy-session'));
    writeFileSync(path.join(root, 'legacy-session', 'foto.jpg'), 'antiga');
    const asked: string[] = [];
    const ownerOfUnmarkedFolder = async (folder: string) => {
      asked.push(folder);
      return folder === 'legacy-session' ? 'ws-legacy' : undefined;
    };
    const store = new FileMediaStore({ root, ownerOfUnmarkedFolder });
    expect(await store.get('ws-other', 'legacy-session/foto.jpg')).toBeUndefined();
    expect(await store.get('ws-legacy', 'legacy-session/foto.jpg')).toEqual({
      bytes: Buffer.from('antiga'),
      contentType: 'image/jpeg',
    });
    expect(asked).toEqual(['legacy-session']); // written down: asked once
    expect(readFileSync(path.join(root, 'legacy-session', '.workspace'), 'utf8')).toBe('ws-legacy');
    expect(await new FileMediaStore({ root }).get('ws-legacy', 'legacy-session/foto.jpg')).toBeDefined();

    // A folder nobody claims stays unreadable, and without the lookup older folders are nobody's.
    mkdirSync(path.join(root, 'orphan'));
    writeFileSync(path.join(root, 'orphan', 'x.jpg'), 'x');
    expect(await store.get('ws-legacy', 'orphan/x.jpg')).toBeUndefined();
    expect(await new FileMediaStore({ root }).get('ws-legacy', 'orphan/x.jpg')).toBeUndefined();
    expect(readdirSync(path.join(root, 'orphan'))).toEqual(['x.jpg']);
  });

  it("refuses a put into an older folder of another workspace's session", async () => {
    mkdirSync(path.join(root, 'theirs'));
    const store = new FileMediaStore({ root, ownerOfUnmarkedFolder: async () => 'ws-theirs' });
    await expect(store.put('ws-mine', 'theirs/a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      'Esta mídia pertence a outra conta',
    );
    expect(readdirSync(path.join(root, 'theirs'))).toEqual(['.workspace']);
  });

  it('first puts of one new folder at once agree on its workspace', async () => {
    const stores = [0, 1, 2, 3].map(() => new FileMediaStore({ root }));
    const results = await Promise.allSettled(
      stores.map((s, i) => s.put(`ws-${i}`, `race/${i}.jpg`, Buffer.from([i]), 'image/jpeg')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const owner = readFileSync(path.join(root, 'race', '.workspace'), 'utf8');
    expect(owner).toMatch(/^ws-[0-3]$/);
    expect(readdirSync(path.join(root, 'race')).sort()).toEqual(['.workspace', `${owner.slice(3)}.jpg`]);
  });

  it('says the content type from the extension (what a file can tell), bytes to download when unknown', async () => {
    const store = new FileMediaStore({ root });
    const types: Record<string, string> = {};
    for (const name of ['a.ogg', 'b.PDF', 'c.heic', 'd.html', 'e.svg', 'f']) {
      await store.put('ws-types', `types/${name}`, Buffer.from('x'), 'whatever/given');
      types[name] = (await store.get('ws-types', `types/${name}`))!.contentType;
    }
    expect(types).toEqual({
      'a.ogg': 'audio/ogg',
      'b.PDF': 'application/pdf',
      'c.heic': 'image/heic',
      'd.html': 'application/octet-stream',
      'e.svg': 'application/octet-stream',
      f: 'application/octet-stream',
    });
  });
});
