import { pino } from 'pino';
import { MemoryCheckpointStore, atendeRegistry, type ProjectionDump, type ReadModels } from '@atende/events';
import { createSqliteEventStore, type SqliteEventStore } from '@atende/event-store';
import { InProcessEventBus, startRelay, type Relay } from '@atende/event-bus';
import { MemoryReadModels } from '@atende/read-models';
import { allProjections } from '../projections/index.js';
import { generateWorkload } from '../testing/generate-workload.js';
import { busSource } from './bus-source.js';
import { Projector } from './projector.js';
import { rebuild } from './rebuild.js';

const logger = pino({ level: 'silent' });

async function append(store: SqliteEventStore, from: number, count: number): Promise<void> {
  const all = [...generateWorkload(from + count, { conversations: 60 })].slice(from);
  await Promise.all(
    all.map((g) =>
      store.appendToStream(g.streamId, [
        atendeRegistry.prepare(g.event, {
          workspaceId: 'bench',
          occurredAt: g.occurredAt,
          ...(g.actorId ? { actorId: g.actorId } : {}),
        }),
      ]),
    ),
  );
}

async function dumps(readModels: ReadModels): Promise<Record<string, Omit<ProjectionDump, 'checkpoint'>>> {
  const out: Record<string, Omit<ProjectionDump, 'checkpoint'>> = {};
  for (const p of allProjections) {
    const { docs, indexes } = await readModels.view(p.name).dump();
    out[p.name] = { docs, indexes };
  }
  return out;
}

describe('projector fed by the event bus (relay → bus → projector)', () => {
  let store: SqliteEventStore;
  let bus: InProcessEventBus;
  let relay: Relay;
  beforeEach(async () => {
    store = createSqliteEventStore({ filename: ':memory:', synchronous: 'normal' });
    bus = new InProcessEventBus();
    relay = await startRelay({ store, bus, checkpoints: new MemoryCheckpointStore(), logger });
  });
  afterEach(async () => {
    await relay.stop();
    await bus.close();
    await store.close();
  });

  async function expected(): Promise<Record<string, Omit<ProjectionDump, 'checkpoint'>>> {
    const fresh = new MemoryReadModels();
    await rebuild({ store, readModels: fresh, projections: allProjections });
    return dumps(fresh);
  }

  it('builds the same read models as a rebuild from the log, across restarts and redeliveries', async () => {
    const readModels = new MemoryReadModels();
    const start = () =>
      new Projector({
        store,
        readModels,
        projections: allProjections,
        logger,
        source: busSource(bus, 'projector', store),
      });
    let projector = start();
    projector.start();
    await append(store, 0, 800);
    expect(await relay.waitFor(await store.lastGlobalPosition())).toBe(true);
    expect(await projector.caughtUp()).toBe(true);
    await projector.stop();

    // Published twice (a relay that restarted before saving its checkpoint): harmless.
    await bus.publish(await store.readBatch(1, 300, { trusted: true }));
    await append(store, 800, 400);
    projector = start();
    projector.start();
    expect(await relay.waitFor(await store.lastGlobalPosition())).toBe(true);
    expect(await projector.caughtUp()).toBe(true);
    await projector.stop();
    expect(await dumps(readModels)).toEqual(await expected());
  });

  it('reads from the log what the bus group already passed (read models behind the group)', async () => {
    await append(store, 0, 500);
    expect(await relay.waitFor(await store.lastGlobalPosition())).toBe(true);
    // The group consumed everything already (e.g. before the read models were restored from older data).
    let seen = 0;
    const other = await bus.subscribe('projector', async (events) => void (seen += events.length));
    while (seen < 500) await new Promise((r) => setTimeout(r, 5));
    await other.stop();
    await append(store, 500, 100);

    const readModels = new MemoryReadModels();
    const projector = new Projector({
      store,
      readModels,
      projections: allProjections,
      logger,
      source: busSource(bus, 'projector', store),
    });
    projector.start();
    expect(await relay.waitFor(await store.lastGlobalPosition())).toBe(true);
    expect(await projector.caughtUp()).toBe(true);
    await projector.stop();
    expect(await dumps(readModels)).toEqual(await expected());
  });
});
