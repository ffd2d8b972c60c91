/**
 * Worker thread of RebuildWriteThread: stores rebuild batches in Redis on its own connection, so
 * building commands and writing them to the socket does not take the main thread's time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Redis } from 'ioredis';
import { sendRebuildWrites, type RebuildWrites } from './rebuild-writes.js';

const redis = new Redis((workerData as { url: string }).url, { maxRetriesPerRequest: 2 });
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
  sendRebuildWrites(redis, message.writes).then(
    () => parentPort!.postMessage({ id: message.id }),
    (error: Error) => parentPort!.postMessage({ id: message.id, error: error.message }),
  );
});
