export * from './job-queue.js';
export * from './backoff.js';
export * from './in-process-queue.js';
