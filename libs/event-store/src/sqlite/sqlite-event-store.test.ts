import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { EventRegistry, atendeRegistry, defineEvent, newId, type StoredEvent } from '@atende/events';
import { z } from 'zod';
import { eventStoreContract } from '../contract/event-store-contract.js';
import { createSqliteEventStore } from './sqlite-event-store.js';
import { INSERT_EVENT_SQL, eventRowValues } from './schema.js';
import { writeEventLogFile } from './write-log-file.js';

function tempFile(): { file: string; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'atende-store-'));
  return { dir, file: path.join(dir, 'events.db') };
}

eventStoreContract('SQLite', async () => {
  const { dir, file } = tempFile();
  return {
    open: async () => createSqliteEventStore({ filename: file, pollIntervalMs: 20 }),
    childEnv: () => ({ ATENDE_STORE_KIND: 'sqlite', ATENDE_STORE_FILE: file }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('SQLite event store specifics', () => {
  it('opens a log written in bulk by writeEventLogFile, stream versions and all', async () => {
    const { dir, file } = tempFile();
    const pin = (streamId: string) => ({
      streamId,
      event: atendeRegistry.prepare({ type: 'ConversationPinned', data: {} }, { workspaceId: 'w1' }),
    });
    const a = 'conversation-w1-5511@c.us';
    const b = 'conversation-w1-5522@c.us';
    expect(writeEventLogFile(file, [pin(a), pin(b), pin(a)])).toBe(3);
    const store = createSqliteEventStore({ filename: file });
    try {
      expect((await store.readStream(a)).map((e) => [e.streamPosition, e.globalPosition])).toEqual([
        [0, 1],
        [1, 3],
      ]);
      // The streams table holds each version: the next append checks against it.
      await expect(store.appendToStream(b, [pin(b).event], { expectedVersion: 1 })).rejects.toThrow();
      await store.appendToStream(b, [pin(b).event], { expectedVersion: 0 });
      expect(await store.lastGlobalPosition()).toBe(4);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['the file', false],
    ['memory (this process appended them)', true],
  ])('lets other work run between the pages of a subscriber catching up, from %s', async (_from, recent) => {
    const { dir, file } = tempFile();
    const writer = createSqliteEventStore({ filename: file });
    const events = Array.from({ length: 40 }, () =>
      atendeRegistry.prepare(
        { type: 'ConversationPinned', data: {} },
        { workspaceId: 'w1', occurredAt: '2026-11-01T10:00:00.000Z' },
      ),
    );
    for (const event of events) await writer.appendToStream('conversation-w1-5511@c.us', [event]);
    const store = recent ? writer : createSqliteEventStore({ filename: file });
    const abort = new AbortController();
    let read = 0;
    // Other work queued meanwhile (setImmediate: a timer would only run once due, after ≥ 1 ms).
    const other = new Promise<number>((resolve) => setImmediate(() => resolve(read)));
    try {
      for await (const page of store.subscribePages(1, { signal: abort.signal, batchSize: 5 })) {
        read += page.length;
        if (read === events.length) break;
      }
      expect(read).toBe(events.length);
      // It ran before the subscriber had read everything.
      expect(await other).toBeLessThan(events.length);
    } finally {
      abort.abort();
      if (store !== writer) await store.close();
      await writer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hands live subscribers what the file holds, new appends from memory and other writers from the file', async () => {
    const { dir, file } = tempFile();
    const here = createSqliteEventStore({ filename: file, pollIntervalMs: 10 });
    const other = createSqliteEventStore({ filename: file, pollIntervalMs: 10 });
    const abort = new AbortController();
    const seen: StoredEvent[] = [];
    const following = (async () => {
      for await (const e of here.subscribe(1, { signal: abort.signal, trusted: true })) seen.push(e);
    })();
    const note = (title: string, actorId?: string) =>
      atendeRegistry.prepare(
        {
          type: 'NoteCreated',
          data: {
            noteId: newId(),
            authorId: 'u',
            title,
            content: 'c',
            reminder: null,
            tags: ['a'],
            isPinned: false,
          },
        },
        { workspaceId: 'w', ...(actorId ? { actorId, correlationId: 'req-1' } : {}) },
      );
    await here.appendToStream('note-1', [note('um', 'u1'), note('dois')]);
    await other.appendToStream('note-2', [note('três')]); // a gap in this process's own run
    await here.appendToStream('note-1', [note('quatro', 'u2')]);
    await Promise.all([
      here.appendToStream('note-3', [note('cinco')]),
      here.appendToStream('note-4', [note('seis')]),
    ]);
    const all: StoredEvent[] = [];
    for await (const e of here.readAll(1)) all.push(e);
    for (let i = 0; i < 100 && seen.length < all.length; i += 1) await new Promise((r) => setTimeout(r, 10));
    abort.abort();
    await following;
    expect(all).toHaveLength(6);
    expect(seen).toEqual(all);
    await here.close();
    await other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('upcasts an event stored with an older schema version when reading it', async () => {
    const Renamed = defineEvent('CustomerRenamed', z.object({ fullName: z.string().min(1) }), {
      version: 2,
      upcasters: { 1: (data) => ({ fullName: `${String(data.first)} ${String(data.last)}` }) },
    });
    const registry = new EventRegistry([Renamed]);
    const { dir, file } = tempFile();
    const store = createSqliteEventStore({ filename: file, registry });
    await store.appendToStream('s-1', [
      registry.prepare({ type: 'CustomerRenamed', data: { fullName: 'Ana Lima' } }, { workspaceId: 'w' }),
    ]);
    // An event written by an older release, straight into the table.
    const db = new Database(file);
    db.prepare(INSERT_EVENT_SQL).run(
      ...eventRowValues('s-1', 1, {
        type: 'CustomerRenamed',
        data: { first: 'João', last: 'Souza' },
        metadata: {
          eventId: newId(),
          workspaceId: 'w',
          occurredAt: new Date().toISOString(),
          schemaVersion: 1,
        },
      } as never),
    );
    db.close();
    const events = await store.readStream('s-1');
    expect(events.map((e) => e.data)).toEqual([{ fullName: 'Ana Lima' }, { fullName: 'João Souza' }]);
    expect(events[1]!.metadata.schemaVersion).toBe(2);
    // A trusted bulk read still upcasts (and validates) old versions.
    const page = await store.readBatch(1, 10, { trusted: true });
    expect(page.map((e) => e.data)).toEqual([{ fullName: 'Ana Lima' }, { fullName: 'João Souza' }]);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to write a new event with an old schema version', async () => {
    const Renamed = defineEvent('CustomerRenamed', z.object({ fullName: z.string() }), { version: 2 });
    const registry = new EventRegistry([Renamed]);
    const store = createSqliteEventStore({ filename: ':memory:', registry });
    const event = registry.prepare(
      { type: 'CustomerRenamed', data: { fullName: 'x' } },
      { workspaceId: 'w' },
    );
    await expect(
      store.appendToStream('s', [{ ...event, metadata: { ...event.metadata, schemaVersion: 1 } }]),
    ).rejects.toThrow(/schemaVersion/);
    await store.close();
  });

  it('rejects calls after close', async () => {
    const store = createSqliteEventStore({ filename: ':memory:' });
    await store.close();
    await expect(store.lastGlobalPosition()).rejects.toThrow(/closed/);
  });
});
