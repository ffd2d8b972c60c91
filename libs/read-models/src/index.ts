export * from './buffered-batch.js';
export {
  DocCodecError,
  SEALED_DOC_PREFIX,
  plainDocCodec,
  sealedDocCodec,
  type DocCodec,
} from './doc-codec.js';
export * from './memory/memory-read-models.js';
export * from './memory/sorted-index.js';
export * from './sqlite/sqlite-read-models.js';
export * from './redis/redis-read-models.js';
export * from './testing/infra.js';
export * from './redis/redis-checkpoint-store.js';
export * from './redis/redis-lease.js';
export * from './redis/redis-session-leases.js';
