// What the ops scripts use of the composition root: the same choice of adapters as the roles. Kept
// light on purpose (no role, so no gateway or WhatsApp driver): every ops command loads it at start.
export * from './plan/role-plan.js';
export { openKeys, openStore, openLease, openMedia, openReadModels } from './adapters/open-adapters.js';
export { EMBEDDED_NODE_FLAGS, SERVER_NODE_FLAGS, limitEmbeddedHeapGrowth } from './node-flags.js';
