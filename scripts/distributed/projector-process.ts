/**
 * Distributed mode: the relay (log → Kafka, checkpoint after the broker's ack) and the projector
 * (Kafka → Redis read models, as its own consumer group; gaps filled from the log).
 */
import { KafkaEventBus, startRelay } from '@atende/event-bus';
import { LIVE_PROJECTOR_POSITION, Projector, allProjections, busSource } from '@atende/projector';
import { RedisCheckpointStore } from '@atende/read-models';
import {
  distributedSettings,
  onShutdown,
  openSharedReadModels,
  openSharedStore,
  sealedBus,
} from './settings.js';

const settings = distributedSettings('atende-projector');
const { config, redisPrefix, kafkaTopic, logger } = settings;
const store = openSharedStore(settings);
const readModels = await openSharedReadModels(settings, store);
const checkpoints = new RedisCheckpointStore({ url: config.REDIS_URL, prefix: redisPrefix });
const bus = sealedBus(
  new KafkaEventBus({
    brokers: config.KAFKA_BROKERS,
    topic: kafkaTopic,
    clientId: 'atende-projector',
  }),
  store,
);
// The relay reads the stored form: the bus gets ciphertext (sealedBus withholds secrets entirely).
const relay = await startRelay({ store: store.raw, bus, checkpoints, logger });
const projector = new Projector({
  store,
  readModels,
  projections: allProjections,
  logger,
  source: busSource(bus, `${kafkaTopic}.projector`, store),
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
logger.info({ topic: kafkaTopic, brokers: config.KAFKA_BROKERS }, 'relay and projector running');
onShutdown(logger, async () => {
  await projector.stop();
  await relay.stop();
  await bus.close();
  await checkpoints.close();
  await readModels.close();
  await store.close();
});
