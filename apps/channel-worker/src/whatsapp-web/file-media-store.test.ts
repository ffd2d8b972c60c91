import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMediaStore } from './file-media-store.js';

describe('FileMediaStore', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'atende-media-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes <session>/<sha256 of the provider id>.<ext> and overwrites on a re-download', async () => {
    const store = new FileMediaStore(root);
    const media = {
      sessionId: 's-1',
      providerMessageId: 'false_55@c.us_A',
      mimetype: 'image/png',
      data: Buffer.from('one'),
    };
    const { path } = await store.save(media);
    const hash = createHash('sha256').update('false_55@c.us_A').digest('hex');
    expect(path).toBe(`s-1/${hash}.png`);
    expect(await readFile(join(root, 's-1', `${hash}.png`), 'utf8')).toBe('one');

    await store.save({ ...media, data: Buffer.from('two') });
    expect(await readdir(join(root, 's-1'))).toEqual([`${hash}.png`]); // no temporary file left
    expect(await readFile(join(root, path), 'utf8')).toBe('two');
  });

  it('never leaves the root, whatever the session id', async () => {
    const store = new FileMediaStore(root);
    const { path } = await store.save({
      sessionId: '../../etc',
      providerMessageId: 'x',
      mimetype: 'text/plain',
      data: Buffer.from('x'),
    });
    const [dir, file] = path.split('/');
    expect(dir).toMatch(/^h-[a-f0-9]+$/);
    expect(store.resolve(dir!, file!)).toBe(join(root, dir!, file!));
  });

  it('resolve refuses names it did not make', () => {
    const store = new FileMediaStore(root);
    expect(store.resolve('..', `${'a'.repeat(64)}.png`)).toBeNull();
    expect(store.resolve('s-1', '../secret.png')).toBeNull();
  });
});
