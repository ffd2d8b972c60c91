// The multi-host gateway (`@atende/gateway/distributed`): loaded by the gateway role only, so the
// embedded product does not load Redis clients or the Socket.IO Redis adapter.
export { startGateway, type Gateway, type GatewayOptions } from './start-gateway.js';
export { ReadModelsProgress } from './read-models-progress.js';
export { redisRateLimitStores } from './redis-rate-limit-store.js';
export { checkpointRoleProbe } from './role-progress.js';
export { RedisSessionStore } from '../auth/redis-session-store.js';
