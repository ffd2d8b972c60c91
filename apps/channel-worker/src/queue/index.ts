export * from './job-queue.js';
export * from './backoff.js';
export * from './in-process-queue.js';
export * from './bullmq-queue.js';
export * from './bullmq-keyed-queues.js';
