import { randomUUID } from 'node:crypto';
import { eventBusContract, storedNote } from '../contract/event-bus-contract.js';
import { describeWithKafka, testKafkaBrokers } from '../testing/kafka-infra.js';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { FETCH_MAX_WAIT_MS, KafkaEventBus } from './kafka-event-bus.js';

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

  it("tells each consumer group's lag: what it has not committed yet", async () => {
    await onFreshTopic(async (bus) => {
      const seen: number[] = [];
      await bus.publish([storedNote('note-a', 0, 1), storedNote('note-b', 0, 2)]);
      const subscription = await bus.subscribe('lag-group', async (events) => {
        seen.push(...events.map((e) => e.globalPosition));
      });
      await waitUntil(async () => (await bus.consumerLag()).get('lag-group') === 0);
      await subscription.stop();
      await bus.publish([storedNote('note-c', 0, 3), storedNote('note-d', 0, 4), storedNote('note-e', 0, 5)]);

      const lag = await bus.consumerLag();

      expect(seen).toEqual([1, 2]);
      expect(lag.get('lag-group')).toBe(3);
      expect([...lag.keys()]).toEqual(['lag-group']); // groups of other topics are not listed
    });
  });

  it('commits what a consumer took when it stops, before its next periodic commit', async () => {
    await onFreshTopic(async (bus) => {
      const seen: number[] = [];
      await bus.publish([storedNote('note-a', 0, 1), storedNote('note-b', 0, 2)]);
      const subscription = await bus.subscribe('stop-commit', async (events) => {
        seen.push(...events.map((e) => e.globalPosition));
      });
      await waitUntil(async () => seen.length === 2, 30_000, 10);
      await subscription.stop(); // well within the first second: no periodic commit yet
      expect((await bus.consumerLag()).get('stop-commit')).toBe(0);
    });
  });

  it('stops a consumer of a quiet topic without waiting out its fetch', async () => {
    await onFreshTopic(async (bus) => {
      await bus.publish([storedNote('note-a', 0, 1)]);
      let taken = 0;
      const subscription = await bus.subscribe('quiet', async (events) => void (taken += events.length));
      await waitUntil(async () => taken === 1);
      // Its next fetch now waits for events that do not come: with kafkajs's default (5 s) the
      // stop waited for it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      await subscription.stop();
      expect(Date.now() - started).toBeLessThan(FETCH_MAX_WAIT_MS + 2_000);
    });
  });

  it('starts over with a new producer after a failed publish, and the next publish goes through', async () => {
    const topic = `atende-test-${randomUUID()}`;
    const bus = new KafkaEventBus({ brokers: testKafkaBrokers(), topic, clientId: 'atende-test' });
    const kafka = (bus as unknown as { kafka: Kafka }).kafka;
    const made = jest.spyOn(kafka, 'producer');
    const admin = kafka.admin();
    await admin.connect();
    try {
      await bus.publish([storedNote('note-a', 0, 1)]);
      // The topic goes (as with a broker that lost its data): the send fails, nothing is created
      // behind the bus's back (no auto-creation).
      await admin.deleteTopics({ topics: [topic] });
      await expect(bus.publish([storedNote('note-b', 0, 2)])).rejects.toThrow();
      await bus.publish([storedNote('note-b', 0, 2)]);

      expect(made).toHaveBeenCalledTimes(2); // the failed one's producer was not used again
      const seen: number[] = [];
      const subscription = await bus.subscribe('after-failure', async (events) => {
        seen.push(...events.map((e) => e.globalPosition));
      });
      await waitUntil(async () => seen.includes(2));
      await subscription.stop();
      expect(seen).toEqual([2]); // the recreated topic holds what was published after the failure
    } finally {
      await admin.disconnect();
      await bus.close();
    }
  }, 90_000);
});

/** Runs `test` with a bus on a topic of its own (groups and offsets start clean), closed after it. */
async function onFreshTopic(test: (bus: KafkaEventBus) => Promise<void>): Promise<void> {
  const topic = `atende-test-${randomUUID()}`;
  const bus = new KafkaEventBus({ brokers: testKafkaBrokers(), topic, clientId: 'atende-test' });
  try {
    await test(bus);
  } finally {
    await bus.close();
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
