import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EventRegistry, defineEvent } from '@atende/events';
import { z } from 'zod';
import { SqliteEventStore } from './sqlite-event-store.js';

const Written = defineEvent('TextWritten', z.object({ text: z.string() }));
const registry = new EventRegistry([Written]);

/** ≈2 MB of events over 10 streams. */
async function writeTwoMegabytes(store: SqliteEventStore): Promise<void> {
  for (let s = 0; s < 10; s += 1) {
    const events = Array.from({ length: 100 }, () =>
      registry.prepare({ type: 'TextWritten', data: { text: 'x'.repeat(2000) } }, { workspaceId: 'w' }),
    );
    await store.appendToStream(`texts-${s}`, events);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A store whose WAL the checkpoint thread looks after, as the product opens its files. */
const threadStore = (file: string) =>
  new SqliteEventStore({ filename: file, registry, synchronous: 'normal', checkpointInBackground: true });

/** Whether the database file grows by `bytes` within 5 s (the thread copied the WAL into it). */
async function grownBy(file: string, before: number, bytes: number): Promise<boolean> {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (statSync(file).size > before + bytes) return true;
    await sleep(50);
  }
  return false;
}

/** The WAL header's salts: a writer that starts the WAL over writes new ones (and syncs them). */
function walSalts(file: string): string {
  const fd = openSync(`${file}-wal`, 'r');
  try {
    const header = Buffer.alloc(32);
    readSync(fd, header, 0, 32, 0);
    return header.subarray(16, 24).toString('hex');
  } finally {
    closeSync(fd);
  }
}

/** Appends in bursts with pauses between them, as a live inbox writes: `bursts` × 40 ms. */
async function writeInBursts(
  store: SqliteEventStore,
  file: string,
  bursts: number,
  workspaceId = 'w',
): Promise<string[]> {
  const salts: string[] = [];
  for (let b = 0; b < bursts; b += 1) {
    const events = Array.from({ length: 20 }, () =>
      registry.prepare(
        { type: 'TextWritten', data: { text: `burst ${b} ${'y'.repeat(500)}` } },
        { workspaceId },
      ),
    );
    await store.appendToStream(`bursts-${workspaceId}-${b}`, events);
    await sleep(40);
    salts.push(walSalts(file));
  }
  return salts;
}

describe('SqliteEventStore checkpointing from a thread', () => {
  let dir: string;
  let filename: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-wal-'));
    filename = path.join(dir, 'events.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("copies the log's pages into the database file while it is open, the writer never checkpointing", async () => {
    const store = threadStore(filename);
    const before = statSync(filename).size;
    await writeTwoMegabytes(store); // far below the writer's own threshold (≈400 MB)
    expect(await grownBy(filename, before, 1_500_000)).toBe(true);
    await store.close(); // stops the thread, then the last connection removes the WAL
    expect(existsSync(`${filename}-wal`)).toBe(false);
    const reopened = new SqliteEventStore({ filename, registry });
    expect(await reopened.lastGlobalPosition()).toBe(1000);
    await reopened.close();
  });

  it('checkpoints every open file from one thread, before and after another closes', async () => {
    const files = ['a.db', 'b.db', 'c.db'].map((name) => path.join(dir, name));
    const [a, b] = [threadStore(files[0]!), threadStore(files[1]!)];
    await a.close(); // b's checkpoints go on
    const sizeB = statSync(files[1]!).size;
    await writeTwoMegabytes(b);
    expect(await grownBy(files[1]!, sizeB, 1_500_000)).toBe(true);
    await b.close(); // the thread had no file left and ended: the next store gets a new one
    const c = threadStore(files[2]!);
    const sizeC = statSync(files[2]!).size;
    await writeTwoMegabytes(c);
    expect(await grownBy(files[2]!, sizeC, 1_500_000)).toBe(true);
    await c.close();
  });

  it('copies the pages into the database file, but no commit starts the WAL over (and syncs it on the event loop)', async () => {
    const store = threadStore(filename);
    const before = statSync(filename).size;
    // ≈2 s: ten of the thread's rounds, each followed by a pause long enough for it to catch up.
    try {
      const salts = await writeInBursts(store, filename, 50);
      expect(await grownBy(filename, before, 400_000)).toBe(true);
      // The thread alone restarted it after nearly every round (11 times in these 2 s). One restart
      // is allowed: a stall of this thread over a whole round (a busy machine) looks like idleness.
      const restarts = salts.filter((salt, i) => i > 0 && salt !== salts[i - 1]).length;
      expect(restarts).toBeLessThanOrEqual(1);
    } finally {
      await store.close();
    }
  });

  it("lets an erasure's TRUNCATE empty the WAL at once, the snapshot let go for it", async () => {
    const store = threadStore(filename);
    try {
      await writeInBursts(store, filename, 10, 'kept');
      await writeInBursts(store, filename, 10, 'erased');
      const started = Date.now();
      expect((await store.eraseWorkspace('erased', { keepTypes: [] })).erased).toBe(200);
      // A TRUNCATE kept waiting by a reader gives up after the busy timeout (5 s), the WAL untouched.
      expect(Date.now() - started).toBeLessThan(3000);
      expect(statSync(`${filename}-wal`).size).toBe(0);
      expect(await store.lastGlobalPosition()).toBe(200); // the kept workspace's events come first
    } finally {
      await store.close();
    }
  });

  it('without it, the pages stay in the WAL until the writer reaches its own threshold', async () => {
    const store = new SqliteEventStore({ filename, registry, synchronous: 'normal' });
    const before = statSync(filename).size;
    await writeTwoMegabytes(store);
    await sleep(600); // three of the thread's rounds
    expect(statSync(filename).size).toBeLessThan(before + 1_500_000);
    await store.close();
  });
});

describe('closing a store whose thread runs, as the last thing a process does', () => {
  it('waits for the thread and ends the process normally', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atende-wal-exit-'));
    try {
      const module = pathToFileURL(path.join(__dirname, 'sqlite-event-store.ts')).href;
      // Nothing else keeps the child's event loop alive while close() waits for the thread.
      const code = `const { SqliteEventStore } = await import(${JSON.stringify(module)});
        const store = new SqliteEventStore({ filename: ${JSON.stringify(path.join(dir, 'events.db'))}, checkpointInBackground: true });
        await store.close();
        console.log('closed');`;
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(out.trim()).toBe('closed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
