import { pino } from 'pino';
import {
  atendeRegistry,
  type EventSource,
  type EventStore,
  type ProjectionWriter,
  type ReadModels,
} from '@atende/events';
import { createSqliteEventStore, type SqliteEventStore } from '@atende/event-store';
import { MemoryReadModels } from '@atende/read-models';
import { conversationsProjection, messagesProjection } from '../projections/index.js';
import { generateWorkload, type GeneratedEvent } from '../testing/generate-workload.js';
import { applyBatch } from './apply-batch.js';
import { Projector } from './projector.js';
import { rebuild } from './rebuild.js';

// Issue 27: a replay switches rebuilt versions in while the live projector follows the log. Both
// sides run here in one process, with the races made to happen every time.

const logger = pino({ level: 'silent' });
const projections = [conversationsProjection, messagesProjection];

async function append(store: EventStore, events: GeneratedEvent[]): Promise<void> {
  for (const g of events) {
    await store.appendToStream(g.streamId, [
      atendeRegistry.prepare(g.event, { workspaceId: 'bench', occurredAt: g.occurredAt }),
    ]);
  }
}

/** What each projection serves, without checkpoints. */
async function served(readModels: ReadModels): Promise<unknown[]> {
  return Promise.all(
    projections.map(async (p) => {
      const { docs, indexes } = await readModels.view(p.name).dump();
      return { docs, indexes };
    }),
  );
}

/** The same projections rebuilt from the whole log: what must be served. */
async function fromScratch(store: EventStore): Promise<unknown[]> {
  const reference = new MemoryReadModels();
  await rebuild({ store, readModels: reference, projections });
  return served(reference);
}

/**
 * The log as a rebuild that read it a moment ago saw it: events past `upTo` are not there yet, until
 * a read comes back empty (what was appended meanwhile shows from then on).
 */
function logSeenEarlier(store: EventStore, upTo: number): EventStore {
  let visible = upTo;
  return {
    lastGlobalPosition: async () => Math.min(visible, await store.lastGlobalPosition()),
    async *readPages(position, limit, options) {
      for await (const page of store.readPages(position, limit, options)) {
        yield page.filter((e) => e.globalPosition <= visible);
      }
    },
    async readBatch(position, limit, options) {
      const page = (await store.readBatch(position, limit, options)).filter(
        (e) => e.globalPosition <= visible,
      );
      if (page.length === 0) visible = Number.MAX_SAFE_INTEGER;
      return page;
    },
  } as Partial<EventStore> as EventStore;
}

/** Read models whose live writer of `projection` runs `hook` between a batch's start and its commit. */
function switchMidBatch(
  base: ReadModels,
  projection: string,
): { readModels: ReadModels; arm(hook: () => Promise<void>): void; fired(): boolean } {
  let armed: (() => Promise<void>) | undefined;
  let fired = false;
  const readModels = Object.create(base) as ReadModels;
  readModels.writer = (name) => {
    const writer = base.writer(name);
    if (name !== projection) return writer;
    const wrapped = Object.create(writer) as ProjectionWriter;
    wrapped.beginBatch = async () => {
      const batch = await writer.beginBatch();
      const hook = armed;
      armed = undefined;
      if (hook) {
        await hook();
        fired = true;
      }
      return batch;
    };
    return wrapped;
  };
  return { readModels, arm: (hook) => (armed = hook), fired: () => fired };
}

describe('a rebuild switched in while the live projector runs (issue 27)', () => {
  let store: SqliteEventStore;
  const workload = [...generateWorkload(900, { conversations: 20 })];

  beforeEach(() => {
    store = createSqliteEventStore({ filename: ':memory:' });
  });
  afterEach(() => store.close());

  it('loses nothing the live projector applied after the rebuild last read the log', async () => {
    await append(store, workload.slice(0, 600));
    const readModels = new MemoryReadModels();
    const live = new Projector({ store, readModels, projections, logger });
    live.start();
    try {
      expect(await live.caughtUp(5000)).toBe(true);
      // The rebuild's last read ends at 500 while the live projector has applied up to 600.
      const report = await rebuild({ store: logSeenEarlier(store, 500), readModels, projections });
      expect(report.switched).toBe(true);
      // Nothing is appended afterwards: no later event would bring 501–600 in.
      expect(await live.caughtUp(5000)).toBe(true);
      expect(await served(readModels)).toEqual(await fromScratch(store));
      await append(store, workload.slice(600));
      expect(await live.caughtUp(5000)).toBe(true);
      expect(await served(readModels)).toEqual(await fromScratch(store));
    } finally {
      await live.stop();
    }
  });

  it('keeps its source through a switch in the middle of a batch, and loses nothing', async () => {
    await append(store, workload.slice(0, 300));
    const base = new MemoryReadModels();
    const { readModels, arm, fired } = switchMidBatch(base, 'conversations');
    // A bus consumer in distributed mode: re-subscribing leaves and rejoins its consumer group.
    let subscriptions = 0;
    const source: EventSource = (from, signal) => {
      subscriptions += 1;
      return store.subscribePages(from, { signal, batchSize: 40, trusted: true });
    };
    const live = new Projector({ store, readModels, projections, logger, source });
    live.start();
    try {
      expect(await live.caughtUp(5000)).toBe(true);
      const target = await base.beginRebuild('conversations');
      await applyBatch(conversationsProjection, target, await store.readBatch(1, 1000, { trusted: true }));
      arm(() => target.activate());
      await append(store, workload.slice(300, 600));
      expect(await live.caughtUp(5000)).toBe(true);
      expect(fired()).toBe(true);
      expect(subscriptions).toBe(1);
      expect(await served(base)).toEqual(await fromScratch(store));
    } finally {
      await live.stop();
    }
  });
});
