import { Kafka, logLevel } from 'kafkajs';
import { Redis } from 'ioredis';

/** Test aid: every key and value of a Redis prefix as text, whatever the key's type. */
export async function redisText(url: string, prefix: string): Promise<string> {
  const redis = new Redis(url);
  const out: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        out.push(key);
        const type = await redis.type(key);
        if (type === 'string') out.push((await redis.getBuffer(key))?.toString('utf8') ?? '');
        else if (type === 'hash') out.push(JSON.stringify(await redis.hgetall(key)));
        else if (type === 'zset') out.push((await redis.zrange(key, '0', '-1', 'WITHSCORES')).join('\n'));
        else if (type === 'list') out.push((await redis.lrange(key, 0, -1)).join('\n'));
        else if (type === 'set') out.push((await redis.smembers(key)).join('\n'));
        else if (type === 'stream') out.push(JSON.stringify(await redis.xrange(key, '-', '+')));
      }
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
  return out.join('\n');
}

/** Test aid: every record of a Kafka topic (keys, values, headers) as text, read from the beginning. */
export async function kafkaText(brokers: string[], topic: string): Promise<string> {
  const kafka = new Kafka({ brokers, clientId: 'atende-scan', logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const expected = offsets.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
  const consumer = kafka.consumer({ groupId: `atende-scan-${Date.now()}-${Math.random()}` });
  const out: string[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await new Promise<void>((resolve, reject) => {
    if (expected === 0) return resolve();
    consumer
      .run({
        eachMessage: async ({ message }) => {
          out.push(message.key?.toString('utf8') ?? '', message.value?.toString('utf8') ?? '');
          for (const value of Object.values(message.headers ?? {})) out.push(String(value));
          if (out.length / 2 >= expected) resolve();
        },
      })
      .catch(reject);
  });
  await consumer.disconnect();
  return out.join('\n');
}
