import type { Logger } from 'pino';
import { startRelay } from '@atende/event-bus';
import { RELAY_PROJECTOR_ALIVE, RELAY_REFUSING } from '@atende/events';
import { LIVE_PROJECTOR_POSITION, Projector, allProjections } from '@atende/projector';
import { RedisCheckpointStore } from '@atende/read-models';
import { followBus } from '../adapters/follow-bus.js';
import { openBus, openLease, openReadModels, openStore } from '../adapters/open-adapters.js';
import type { ProjectorPlan } from '../plan/role-plan.js';
import { closeInOrder, type RoleHandle } from './role-handle.js';

/** How often the role says it is alive (gateways call it down after ATENDE_READY_STALE_MS). */
const HEARTBEAT_MS = 2000;

/**
 * The relay (log → Kafka, checkpoint after the broker's ack) and the projector (Kafka → Redis read
 * models, as its own consumer group; gaps filled from the log). Several may be started (one per
 * machine): exactly one runs, holding the lease; the others wait as standbys and one takes over
 * within seconds when it dies. Resolves at once: the standby waits in the background.
 */
export async function startProjectorRole(
  plan: ProjectorPlan,
  logger: Logger,
  /** Called when the lease is lost while running: another instance may run, so this one must end. */
  onLeaseLost: (reason: Error) => void,
): Promise<RoleHandle> {
  const lease = openLease(plan.lease);
  const standby = new AbortController();
  let stopRunning: (() => Promise<void>) | undefined;
  logger.info('standby: waiting for the relay and projector lease');
  const started = (async () => {
    await lease.acquire(standby.signal);
    lease.onLost((reason) => {
      logger.error({ err: reason }, 'relay and projector lease lost: stopping');
      onLeaseLost(reason);
    });
    stopRunning = await run(plan, logger);
  })().catch((error: unknown) => {
    if (standby.signal.aborted) return; // stopped while standing by
    logger.error({ err: error }, 'relay and projector did not start');
    onLeaseLost(error as Error);
  });
  return {
    async stop() {
      standby.abort();
      await started;
      await closeInOrder([
        () => stopRunning?.(),
        // Last: a standby takes over only once this one has stopped.
        () => lease.release(),
      ]);
    },
  };
}

async function run(plan: ProjectorPlan, logger: Logger): Promise<() => Promise<void>> {
  const store = openStore(plan, logger);
  const readModels = await openReadModels(plan, store);
  const checkpoints = new RedisCheckpointStore({
    url: plan.checkpoints.url,
    prefix: plan.checkpoints.prefix,
  });
  const { kafka, bus } = openBus(plan, 'atende-projector', store);
  // Made with the one partition the consumers' order needs, or refused now (a wrong topic stops the start).
  await kafka.ensureTopic();
  // The relay reads the stored form: the bus gets ciphertext (the sealed bus withholds secrets entirely).
  const relay = await startRelay({ store: store.raw, bus, checkpoints, logger });
  const projector = new Projector({
    store,
    readModels,
    projections: allProjections,
    logger,
    source: followBus(bus, plan.consumerGroup, store, logger, { busName: `Kafka topic "${plan.bus.topic}"` }),
    concurrent: true, // Redis: the projections' round trips overlap
    // Gateways learn how far the read models are from this one key (rather than from every
    // projection's checkpoint, which would then have to move with every batch).
    onPosition: (position) => {
      checkpoints.save(LIVE_PROJECTOR_POSITION, position).catch((error: unknown) => {
        logger.warn({ err: error, position }, 'projector position not published');
      });
    },
  });
  projector.start();
  // The gateways' /readyz tells an idle projector from a dead one by this heartbeat, and a relay
  // that refuses a misconfigured topic (it publishes nothing) from one with nothing to publish.
  const beat = () =>
    Promise.all([
      checkpoints.save(RELAY_PROJECTOR_ALIVE, Date.now()),
      checkpoints.save(RELAY_REFUSING, relay.refusal() ? 1 : 0),
    ]);
  const heartbeat = setInterval(() => {
    beat().catch((error: unknown) => {
      logger.warn({ err: error }, 'heartbeat not published');
    });
  }, HEARTBEAT_MS);
  await beat();
  logger.info({ topic: plan.bus.topic, brokers: plan.bus.brokers }, 'relay and projector running');
  return () =>
    closeInOrder([
      () => clearInterval(heartbeat),
      () => projector.stop(),
      () => relay.stop(),
      () => bus.close(),
      () => checkpoints.close(),
      () => readModels.close(),
      () => store.close(),
    ]);
}
