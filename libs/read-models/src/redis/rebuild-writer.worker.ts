/**
 * Worker thread of RebuildWriteThread: stores rebuild batches in Redis on its own connection, so
 * building commands and writing them to the socket does not take the main thread's time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Redis } from 'ioredis';
import { sendRebuildWrites, type RebuildWrites } from './rebuild-writes.js';

const redis = new Redis((workerData as { url: string }).url, { maxRetriesPerRequest: 2 });

parentPort!.on('message', (message: { id: number; writes: RebuildWrites } | 'close') => {
  if (message === 'close') {
    void redis.quit().finally(() => parentPort!.close());
    return;
  }
  // Each batch's pipeline is queued before the next message is handled: batches keep their order.
  sendRebuildWrites(redis, message.writes).then(
    () => parentPort!.postMessage({ id: message.id }),
    (error: Error) => parentPort!.postMessage({ id: message.id, error: error.message }),
  );
});
