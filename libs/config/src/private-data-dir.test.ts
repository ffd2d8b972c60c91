import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { securePrivateDataDir } from './private-data-dir.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('securePrivateDataDir', () => {
  let root: string;
  const previousUmask = process.umask();
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'atende-private-'));
  });
  afterEach(() => {
    process.umask(previousUmask);
    rmSync(root, { recursive: true, force: true });
  });

  it('creates the folder 0700 and makes what the process creates next owner-only', () => {
    process.umask(0o022);
    const dir = path.join(root, 'data');
    securePrivateDataDir(dir);
    expect(modeOf(dir)).toBe(0o700);
    writeFileSync(path.join(dir, 'events.db'), 'x');
    mkdirSync(path.join(dir, 'media'));
    expect(modeOf(path.join(dir, 'events.db'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'media'))).toBe(0o700);
  });

  it('tightens what is already there, without following links out of the folder', () => {
    process.umask(0o022);
    const dir = path.join(root, 'data');
    mkdirSync(path.join(dir, 'media', 'sessao'), { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(path.join(dir, 'events.db-wal'), 'x', { mode: 0o644 });
    writeFileSync(path.join(dir, 'media', 'sessao', 'foto.jpg'), 'x', { mode: 0o664 });
    const outside = path.join(root, 'fora.txt');
    writeFileSync(outside, 'x', { mode: 0o644 });
    symlinkSync(outside, path.join(dir, 'link'));
    securePrivateDataDir(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'media'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'media', 'sessao'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'events.db-wal'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'media', 'sessao', 'foto.jpg'))).toBe(0o600);
    expect(modeOf(outside)).toBe(0o644);
  });
});
