import { Client } from 'pg';
import { WrongExpectedVersionError, atendeRegistry, newId, type StoredEvent } from '@atende/events';
import { eventStoreContract, type EventStoreHarness } from '../contract/event-store-contract.js';
import { sampleEvent } from '../contract/sample-events.js';
import { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store.js';
import {
  createTestDatabase,
  describeWithPostgres,
  uniqueName,
  type TestDatabase,
} from './testing/postgres-infra.js';

// One database for the file, a schema of its own for each harness (dropped at cleanup).

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Connections of event stores to the database, once those just closed are gone (the server lags a little). */
async function storeConnections(url: string): Promise<number> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      const { rows } = await admin.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'atende-event-store'",
      );
      const n = Number(rows[0]!.n);
      if (n === 0 || attempt === 20) return n;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await admin.end();
  }
}

describeWithPostgres('PostgresEventStore (real PostgreSQL)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.drop());

  function makeHarness(pollIntervalMs = 200): EventStoreHarness {
    const schema = uniqueName('t');
    return {
      open: async () => createPostgresEventStore({ connectionString: db.url, schema, pollIntervalMs }),
      childEnv: () => ({
        ATENDE_STORE_KIND: 'postgres',
        EVENTSTORE_URL: db.url,
        ATENDE_STORE_SCHEMA: schema,
      }),
      cleanup: () => db.dropSchema(schema),
    };
  }

  eventStoreContract('PostgreSQL', async () => makeHarness());

  describe('beyond the contract', () => {
    let harness: EventStoreHarness;
    const opened: PostgresEventStore[] = [];
    const open = async () => {
      const store = (await harness.open()) as PostgresEventStore;
      opened.push(store);
      return store;
    };
    beforeEach(() => {
      // Polling far slower than the test: live reads here are woken by NOTIFY or by this process.
      harness = makeHarness(5000);
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
      await harness.cleanup();
    });

    it('hands a live subscriber every position once and in order while two pools append concurrently', async () => {
      const [a, b, reader] = [await open(), await open(), await open()];
      await a.appendToStream(`note-${newId()}`, [sampleEvent('antes')]); // the tables exist before the race
      const start = (await a.lastGlobalPosition()) + 1;
      const writersPerStore = 6;
      const appendsPerWriter = 25;
      const total = 2 * writersPerStore * appendsPerWriter * 2; // each append writes two events

      const controller = new AbortController();
      const seen: number[] = [];
      let stopAt = Infinity; // the last position, once the writers are done
      const reading = (async () => {
        for await (const page of reader.subscribePages(start, { signal: controller.signal, batchSize: 7 })) {
          seen.push(...page.map((e) => e.globalPosition));
          if (seen[seen.length - 1]! >= stopAt) controller.abort();
        }
      })();
      const writer = async (store: PostgresEventStore, w: number) => {
        for (let i = 0; i < appendsPerWriter; i += 1) {
          // Many streams, and some writers sharing one (retrying on conflicts is not needed with `any`).
          const stream = w % 2 === 0 ? `note-shared-${w % 3}` : `note-${newId()}`;
          await store.appendToStream(stream, [sampleEvent(`${w}.${i}a`), sampleEvent(`${w}.${i}b`)]);
        }
      };
      await Promise.all(
        Array.from({ length: writersPerStore }, (_, w) => [
          writer(a, w),
          writer(b, w + writersPerStore),
        ]).flat(),
      );
      stopAt = await a.lastGlobalPosition();
      if ((seen[seen.length - 1] ?? 0) >= stopAt) controller.abort();
      const giveUp = setTimeout(() => controller.abort(), 10_000); // a skipped position shows as a diff below
      await reading;
      clearTimeout(giveUp);

      const stored = (await collect(a.readAll(start))).map((e) => e.globalPosition);
      expect(stored).toEqual(Array.from({ length: total }, (_, i) => start + i)); // no hole without erasure
      expect(seen).toEqual(stored);
    });

    it('commits appends arriving together in one go, refusing only the one with a wrong version', async () => {
      const store = await open();
      const stream = `note-${newId()}`;
      await store.appendToStream(stream, [sampleEvent('primeiro')]);
      const others = Array.from({ length: 40 }, (_, i) =>
        store.appendToStream(`note-${newId()}`, [sampleEvent(`junto ${i}`)]),
      );
      // In the same batch: one append expecting a version the stream is not at.
      const wrong = store.appendToStream(stream, [sampleEvent('versão errada')], { expectedVersion: 5 });
      const right = store.appendToStream(stream, [sampleEvent('versão certa')], { expectedVersion: 0 });
      await expect(wrong).rejects.toThrow(WrongExpectedVersionError);
      expect((await right).nextExpectedVersion).toBe(1);
      const positions = (await Promise.all(others)).flatMap((r) => r.globalPositions);
      expect(new Set(positions).size).toBe(40);
      const titles = (await store.readStream(stream)).map((e) => (e.data as { title: string }).title);
      expect(titles).toEqual(['primeiro', 'versão certa']);
      const all: number[] = [];
      for await (const e of store.readAll()) all.push(e.globalPosition);
      expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1)); // no hole
    });

    it('gives the next position after an erased tail: positions are never reused', async () => {
      const store = await open();
      const workspaceId = `w-${newId()}`;
      await store.appendToStream(`note-${newId()}`, [sampleEvent('fica')]);
      const { globalPositions } = await store.appendToStream(`note-${newId()}`, [
        sampleEvent('some', workspaceId),
        sampleEvent('some 2', workspaceId),
      ]);
      expect(await store.eraseWorkspace(workspaceId, { keepTypes: [] })).toEqual({ erased: 2 });
      expect(await store.lastGlobalPosition()).toBe(globalPositions[0]! - 1);
      const next = await store.appendToStream(`note-${newId()}`, [sampleEvent('depois')]);
      expect(next.globalPositions[0]).toBe(globalPositions[1]! + 1);
    });

    it('passes sealed payloads through as the registry parses them, and refuses a bad event writing nothing', async () => {
      const store = await open();
      const plain = sampleEvent('segredo');
      const sealed = atendeRegistry.withSealedData(plain, { $sealed: { k: 'subject#1', c: 'cifra' } });
      const stream = `note-${newId()}`;
      await store.appendToStream(stream, [sealed]);
      const [trusted] = await store.readStream(stream, { trusted: true });
      const [checked] = await store.readStream(stream);
      expect(trusted!.data).toEqual({ $sealed: { k: 'subject#1', c: 'cifra' } });
      expect(checked!.data).toEqual(trusted!.data);
      expect(checked!.metadata.eventId).toBe(plain.metadata.eventId);

      const bad = { ...sampleEvent('mau'), data: { title: 42 } } as never;
      const before = await store.lastGlobalPosition();
      await expect(store.appendToStream(stream, [sampleEvent('bom'), bad])).rejects.toThrow();
      expect(await store.lastGlobalPosition()).toBe(before);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('keeps schemas apart and leaves no connection open once closed', async () => {
      const store = await open();
      const otherSchema = uniqueName('t');
      const other = createPostgresEventStore({ connectionString: db.url, schema: otherSchema });
      opened.push(other);
      await store.appendToStream(`note-${newId()}`, [sampleEvent('aqui')]);
      expect(await other.lastGlobalPosition()).toBe(0);

      const controller = new AbortController();
      const live: StoredEvent[] = [];
      const following = (async () => {
        for await (const event of store.subscribe(1, { signal: controller.signal })) {
          live.push(event);
          controller.abort();
        }
      })();
      await following;
      expect(live).toHaveLength(1);
      await Promise.all(opened.splice(0).map((s) => s.close()));
      await db.dropSchema(otherSchema);
      expect(await storeConnections(db.url)).toBe(0);
    });
  });
});
