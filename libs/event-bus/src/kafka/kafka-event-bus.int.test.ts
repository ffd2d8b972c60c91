import { randomUUID } from 'node:crypto';
import { eventBusContract, storedNote } from '../contract/event-bus-contract.js';
import { describeWithKafka, testKafkaBrokers } from '../testing/kafka-infra.js';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { KafkaEventBus } from './kafka-event-bus.js';

describeWithKafka('Kafka event bus', () => {
  eventBusContract('Kafka', async () => {
    // A topic per test: groups and offsets start clean.
    const topic = `atende-test-${randomUUID()}`;
    const open = async () =>
      new KafkaEventBus({ brokers: testKafkaBrokers(), topic, clientId: 'atende-test' });
    return { bus: await open(), reopen: open, cleanup: async () => undefined };
  });

  it('creates its topic with the configured retention (how long erased events outlive the store)', async () => {
    const topic = `atende-test-${randomUUID()}`;
    const bus = new KafkaEventBus({ brokers: testKafkaBrokers(), topic, retentionMs: 3_600_000 });
    const admin = new Kafka({ brokers: testKafkaBrokers(), logLevel: logLevel.NOTHING }).admin();
    try {
      await bus.publish([storedNote('note-retencao', 0, 1)]);
      await admin.connect();
      const described = await admin.describeConfigs({
        resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms'] }],
        includeSynonyms: false,
      });
      const entry = described.resources[0]!.configEntries.find((e) => e.configName === 'retention.ms');
      expect(entry?.configValue).toBe('3600000');
    } finally {
      await admin.disconnect();
      await bus.close();
    }
  });
});
