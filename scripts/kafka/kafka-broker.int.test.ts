// Smoke test of the real broker the Jest global setup provides (scripts/kafka/kafka-broker.mjs):
// three messages with one key come back in order to a consumer in a fresh group.
import { randomUUID } from 'node:crypto';
import { Kafka, Partitioners, logLevel, type Consumer, type Producer } from 'kafkajs';
import { describeWithKafka, testKafkaBrokers } from '../../libs/event-bus/src/testing/kafka-infra.js';

describeWithKafka('local Kafka broker', () => {
  let producer: Producer | undefined;
  let consumer: Consumer | undefined;

  afterEach(async () => {
    await consumer?.disconnect();
    await producer?.disconnect();
  });

  it('delivers messages with one key in order to a fresh consumer group', async () => {
    const topic = `smoke-${randomUUID()}`;
    const kafka = new Kafka({
      clientId: 'kafka-smoke-test',
      brokers: testKafkaBrokers(),
      connectionTimeout: 3000,
      requestTimeout: 10000,
      retry: { retries: 3 },
      logLevel: logLevel.WARN,
    });

    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
    } finally {
      await admin.disconnect();
    }

    producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
    await producer.connect();
    await producer.send({
      topic,
      messages: ['one', 'two', 'three'].map((value) => ({ key: 'conversation-1', value })),
    });

    const group = kafka.consumer({
      groupId: `smoke-${randomUUID()}`,
      sessionTimeout: 10000,
      heartbeatInterval: 500,
    });
    consumer = group;
    await group.connect();
    await group.subscribe({ topic, fromBeginning: true });
    const received: string[] = [];
    const partitions = new Set<number>();
    const allThree = new Promise<void>((resolve) => {
      void group.run({
        eachMessage: async ({ partition, message }) => {
          partitions.add(partition);
          received.push(`${message.key?.toString()}:${message.value?.toString()}`);
          if (received.length === 3) resolve();
        },
      });
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`only received ${JSON.stringify(received)}`)), 15000);
    });
    try {
      await Promise.race([allThree, timeout]);
    } finally {
      clearTimeout(timer);
    }

    expect(received).toEqual(['conversation-1:one', 'conversation-1:two', 'conversation-1:three']);
    expect(partitions.size).toBe(1);
  }, 25000);
});
