// The multi-host channel worker's adapters (`@atende/channel-worker/distributed`): BullMQ queues and
// the sandbox phone's memory in Redis, loaded by the channel-worker role only (not by the embedded
// product).
export * from './queue/bullmq-queue.js';
export * from './queue/bullmq-keyed-queues.js';
export * from './sandbox/redis-sandbox-storage.js';
