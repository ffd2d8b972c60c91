// What the ops scripts and tests use of the composition root: the same choice of adapters as the roles.
export * from './plan/role-plan.js';
export { openKeys, openStore, openLease, openMedia, openReadModels } from './adapters/open-adapters.js';
export { roleOption, rolesToStart, startServer, type RoleOption } from './start-server.js';
export type { RoleHandle } from './roles/role-handle.js';
