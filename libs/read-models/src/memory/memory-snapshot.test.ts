import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MemoryReadModels } from './memory-read-models.js';
import { SnapshotFileError, openMemorySnapshot, writeMemorySnapshot } from './snapshot-file.js';

/** Read models with documents, indexes (one re-scored, one emptied) and checkpoints in two projections. */
async function sample(): Promise<MemoryReadModels> {
  const readModels = new MemoryReadModels({ freezeDocs: true });
  const chat = await readModels.writer('chat').beginBatch();
  chat.put('message', 'w:c1:m1', { content: 'Olá', status: 'read' });
  chat.put('message', 'w:c1:m2', { content: 'Tudo bem?', status: 'sent' });
  chat.put('chat-read', 'w:c1', { readUpTo: 7 });
  chat.indexPut('chat:w:c1', 'w:c1:m1', 3);
  chat.indexPut('chat:w:c1', 'w:c1:m2', 5);
  chat.indexPut('chat:w:c1', 'w:c1:m1', 9); // re-scored: the snapshot keeps the latest order
  chat.indexPut('gone', 'x', 1);
  chat.indexDelete('gone', 'x');
  await chat.commit(12);
  const team = await readModels.writer('team').beginBatch();
  team.put('member', 'w:u1', { name: 'Ana Beatriz', lastActive: null });
  team.indexPut('ws:w', 'u1', 1_700_000_000_000);
  await team.commit(4);
  return readModels;
}

async function dumps(readModels: MemoryReadModels) {
  return { chat: await readModels.view('chat').dump(), team: await readModels.view('team').dump() };
}

describe('MemoryReadModels snapshot', () => {
  it('restores the same documents, index order and checkpoints, and goes on from there', async () => {
    const original = await sample();
    const restored = new MemoryReadModels({ freezeDocs: true });
    restored.restore(original.snapshot());
    expect(await dumps(restored)).toEqual(await dumps(original));
    const chat = restored.view('chat');
    expect(await chat.range('chat:w:c1', { reverse: true, limit: 1 })).toEqual([{ id: 'w:c1:m1', score: 9 }]);
    expect(await chat.checkpoint()).toBe(12);
    expect(await restored.view('chat').range('gone')).toEqual([]);
    // Live writes go on from the restored checkpoint, indexes updated in place.
    const batch = await restored.writer('chat').beginBatch();
    expect(batch.baseCheckpoint).toBe(12);
    batch.indexPut('chat:w:c1', 'w:c1:m3', 13);
    batch.indexDelete('chat:w:c1', 'w:c1:m2');
    await batch.commit(13);
    expect((await chat.range('chat:w:c1')).map((e) => e.id)).toEqual(['w:c1:m1', 'w:c1:m3']);
    // Restored documents are frozen like written ones (freezeDocs).
    expect(Object.isFrozen(await chat.get('message', 'w:c1:m1'))).toBe(true);
  });

  it('refuses a malformed snapshot and keeps what it served', async () => {
    const readModels = await sample();
    const before = await dumps(readModels);
    const snapshot = (await sample()).snapshot();
    const broken = structuredClone(snapshot);
    broken.projections[1]!.indexes[0]![2] = [Number.NaN];
    expect(() => readModels.restore(broken)).toThrow(/score must be finite/);
    const uneven = structuredClone(snapshot);
    uneven.projections[0]!.collections[0]![2].pop();
    expect(() => readModels.restore(uneven)).toThrow(/columns differ/);
    expect(await dumps(readModels)).toEqual(before);
  });
});

describe('snapshot file', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-snapshot-'));
    file = path.join(dir, 'read-models.snapshot');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const header = {
    fingerprint: 'code-1',
    position: 12,
    eventId: 'e-12',
    writtenAt: '2026-11-22T10:00:00.000Z',
  };

  it('reads back the header and the read models written', async () => {
    const original = await sample();
    const { bytes } = writeMemorySnapshot(file, header, original.snapshot());
    expect(readFileSync(file).length).toBe(bytes);
    const opened = openMemorySnapshot(file)!;
    expect(opened.header).toMatchObject({ ...header, format: 1 });
    const restored = new MemoryReadModels();
    restored.restore(opened.load());
    expect(await dumps(restored)).toEqual(await dumps(original));
  });

  it('is absent, or refused with a reason when damaged', async () => {
    expect(openMemorySnapshot(file)).toBeUndefined();
    writeMemorySnapshot(file, header, (await sample()).snapshot());
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 10));
    expect(() => openMemorySnapshot(file)).toThrow(SnapshotFileError);
    writeFileSync(
      file,
      Buffer.concat([Buffer.from('{"format":99}\n'), whole.subarray(whole.indexOf(10) + 1)]),
    );
    expect(() => openMemorySnapshot(file)).toThrow(/unknown header/);
    writeFileSync(file, 'not a snapshot');
    expect(() => openMemorySnapshot(file)).toThrow(/no header line/);
    // A payload of the right length that is not a snapshot: refused when loaded.
    const garbage = Buffer.alloc(64, 7);
    const head = JSON.stringify({ format: 1, ...header, payloadBytes: garbage.length });
    writeFileSync(file, Buffer.concat([Buffer.from(`${head}\n`), garbage]));
    expect(() => openMemorySnapshot(file)!.load()).toThrow(SnapshotFileError);
  });

  describe('encrypted with a key', () => {
    const key = randomBytes(32);
    const secret = 'Cliente-Distintiva-5f1c';

    async function withSecret(): Promise<MemoryReadModels> {
      const readModels = await sample();
      const batch = await readModels.writer('chat').beginBatch();
      // Large enough to span chunks (1 MiB each) when encrypted and decrypted.
      batch.put('message', 'w:c1:m9', { content: `${secret} ${'ruído '.repeat(400_000)}` });
      await batch.commit(13);
      return readModels;
    }

    it('holds no plaintext on disk and restores the read models with the key', async () => {
      const original = await withSecret();
      const { bytes } = writeMemorySnapshot(file, header, original.snapshot(), { key });
      const onDisk = readFileSync(file);
      expect(onDisk.length).toBe(bytes);
      expect(onDisk.length).toBeGreaterThan(2 << 20);
      // Texts long enough that 2 MB of ciphertext cannot hold one by chance (3 bytes would, one run in eight).
      for (const text of [secret, 'Tudo bem?', 'w:c1:m9', 'Ana Beatriz']) {
        expect({ text, found: onDisk.includes(text) }).toEqual({ text, found: false });
        expect({ text, found: onDisk.includes(Buffer.from(text, 'utf16le')) }).toEqual({
          text,
          found: false,
        });
      }
      const opened = openMemorySnapshot(file, { key })!;
      expect(opened.header).toMatchObject({ ...header, format: 1, sealed: { cipher: 'aes-256-gcm' } });
      const restored = new MemoryReadModels();
      restored.restore(opened.load());
      expect(await dumps(restored)).toEqual(await dumps(original));
    });

    it('is refused with another key, without a key, or once altered (payload or header)', async () => {
      writeMemorySnapshot(file, header, (await withSecret()).snapshot(), { key });
      expect(() => openMemorySnapshot(file, { key: randomBytes(32) })!.load()).toThrow(/another key/);
      expect(() => openMemorySnapshot(file)).toThrow(/encrypted and no key/);
      const whole = readFileSync(file);
      const newline = whole.indexOf(10);
      const flipped = Buffer.from(whole);
      flipped[newline + 1000]! ^= 1;
      writeFileSync(file, flipped);
      expect(() => openMemorySnapshot(file, { key })!.load()).toThrow(/altered/);
      const head = JSON.parse(whole.subarray(0, newline).toString('utf8')) as Record<string, unknown>;
      writeFileSync(
        file,
        Buffer.concat([
          Buffer.from(`${JSON.stringify({ ...head, position: 13 })}\n`),
          whole.subarray(newline + 1),
        ]),
      );
      expect(() => openMemorySnapshot(file, { key })!.load()).toThrow(/altered/);
    });

    it('refuses a plain file once a key is given (the read models are rebuilt instead)', async () => {
      writeMemorySnapshot(file, header, (await sample()).snapshot());
      expect(() => openMemorySnapshot(file, { key })).toThrow(/not encrypted/);
      expect(openMemorySnapshot(file)!.header.sealed).toBeUndefined();
    });
  });
});
