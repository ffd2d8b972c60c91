/**
 * Worker thread of RebuildWriteThread: stores rebuild batches in Redis on its own connection, so
 * building commands and writing them to the socket does not take the main thread's time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Redis } from 'ioredis';
import { jsonSealer } from '../doc-codec.js';
import { sendRebuildWrites, type RebuildWrites } from './rebuild-writes.js';

const data = workerData as { url: string; sealKey?: Uint8Array };
const redis = new Redis(data.url, { maxRetriesPerRequest: 2 });
// Documents arrive as JSON texts; with a key they are stored sealed, as sealedDocCodec(key) would.
const seal = data.sealKey ? jsonSealer(Buffer.from(data.sealKey)) : undefined;
// Connection errors reach the main thread as failed batches; the event alone would only be logged.
redis.on('error', () => undefined);

parentPort!.on('message', (message: { id: number; writes: RebuildWrites } | 'close') => {
  if (message === 'close') {
    // quit() waits for Redis to answer: a connection still trying to reach it is just dropped.
    const closed = redis.status === 'ready' ? redis.quit() : Promise.resolve(redis.disconnect());
    void closed.finally(() => parentPort!.postMessage('closed'));
    return;
  }
  // Each batch's pipeline is queued before the next message is handled: batches keep their order.
  sendRebuildWrites(redis, message.writes, seal).then(
    () => parentPort!.postMessage({ id: message.id }),
    (error: Error) => parentPort!.postMessage({ id: message.id, error: error.message }),
  );
});
