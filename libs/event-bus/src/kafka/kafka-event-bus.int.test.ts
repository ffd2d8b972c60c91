import { randomUUID } from 'node:crypto';
import { eventBusContract } from '../contract/event-bus-contract.js';
import { describeWithKafka, testKafkaBrokers } from '../testing/kafka-infra.js';
import { KafkaEventBus } from './kafka-event-bus.js';

describeWithKafka('Kafka event bus', () => {
  eventBusContract('Kafka', async () => {
    // A topic per test: groups and offsets start clean.
    const topic = `atende-test-${randomUUID()}`;
    const open = async () =>
      new KafkaEventBus({ brokers: testKafkaBrokers(), topic, clientId: 'atende-test' });
    return { bus: await open(), reopen: open, cleanup: async () => undefined };
  });
});
