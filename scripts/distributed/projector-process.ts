/**
 * Distributed mode: the relay (log → Kafka, checkpoint after the broker's ack) and the projector
 * (Kafka → Redis read models, as its own consumer group; gaps filled from the log). Several may be
 * started (one per machine): exactly one runs, holding the lease; the others wait as standbys and
 * one takes over within seconds when it dies.
 */
import { KafkaEventBus, startRelay } from '@atende/event-bus';
import { PostgresLease } from '@atende/event-store';
import { RELAY_PROJECTOR_ALIVE } from '@atende/events';
import { LIVE_PROJECTOR_POSITION, Projector, allProjections, busSource } from '@atende/projector';
import { RedisCheckpointStore, RedisLease } from '@atende/read-models';
import { deploymentLog } from '../ops/open.js';
import {
  distributedSettings,
  onShutdown,
  openSharedReadModels,
  openSharedStore,
  sealedBus,
} from './settings.js';

/** How often the process says it is alive (gateways call it down after ATENDE_READY_STALE_MS). */
const HEARTBEAT_MS = 2000;

const settings = distributedSettings('atende-projector');
const { config, redisPrefix, kafkaTopic, logger } = settings;
// The lease lives where the log does when it is PostgreSQL (one server less to depend on), else in Redis.
const log = deploymentLog(config);
const lease =
  log.kind === 'postgres'
    ? new PostgresLease({ connectionString: log.connectionString, name: `${redisPrefix}relay-projector` })
    : new RedisLease({ url: config.REDIS_URL, key: `${redisPrefix}lease:relay-projector` });
logger.info('standby: waiting for the relay and projector lease');
const standby = new AbortController();
/** Stops the relay and the projector once they run. */
const running: { stop?: () => Promise<void> } = {};
onShutdown(logger, async () => {
  standby.abort();
  await running.stop?.();
  await lease.release(); // last: a standby takes over only once this one has stopped
});
try {
  await lease.acquire(standby.signal);
} catch (error) {
  // Stopped while standing by: the shutdown above ends the process.
  if (standby.signal.aborted) await new Promise(() => undefined);
  throw error;
}
lease.onLost((reason) => {
  // Another instance may run from now on: stop at once (the supervisor starts this one again, as a standby).
  logger.error({ err: reason }, 'relay and projector lease lost: stopping');
  process.exit(1);
});
const store = openSharedStore(settings);
const readModels = await openSharedReadModels(settings, store);
const checkpoints = new RedisCheckpointStore({ url: config.REDIS_URL, prefix: redisPrefix });
const kafka = new KafkaEventBus({
  brokers: config.KAFKA_BROKERS,
  topic: kafkaTopic,
  clientId: 'atende-projector',
});
// Made with the one partition the consumers' order needs, or refused now (a wrong topic stops the start).
await kafka.ensureTopic();
const bus = sealedBus(kafka, store);
// The relay reads the stored form: the bus gets ciphertext (sealedBus withholds secrets entirely).
const relay = await startRelay({ store: store.raw, bus, checkpoints, logger });
const projector = new Projector({
  store,
  readModels,
  projections: allProjections,
  logger,
  source: busSource(bus, `${kafkaTopic}.projector`, store, { busName: `Kafka topic "${kafkaTopic}"` }),
  concurrent: true, // Redis: the projections' round trips overlap
  // Gateways in other processes learn how far the read models are from this one key (rather than
  // from every projection's checkpoint, which would then have to move with every batch).
  onPosition: (position) => {
    checkpoints.save(LIVE_PROJECTOR_POSITION, position).catch((error: unknown) => {
      logger.warn({ err: error, position }, 'projector position not published');
    });
  },
});
projector.start();
// The gateways' /readyz tells an idle projector from a dead one by this heartbeat.
const heartbeat = setInterval(() => {
  checkpoints.save(RELAY_PROJECTOR_ALIVE, Date.now()).catch((error: unknown) => {
    logger.warn({ err: error }, 'heartbeat not published');
  });
}, HEARTBEAT_MS);
await checkpoints.save(RELAY_PROJECTOR_ALIVE, Date.now());
logger.info({ topic: kafkaTopic, brokers: config.KAFKA_BROKERS }, 'relay and projector running');
running.stop = async () => {
  clearInterval(heartbeat);
  await projector.stop();
  await relay.stop();
  await bus.close();
  await checkpoints.close();
  await readModels.close();
  await store.close();
};
