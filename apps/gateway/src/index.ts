// What the server's composition root and the ops scripts use of the gateway (never its files directly).
// The multi-host gateway's parts (Redis, the Socket.IO adapter) are in `@atende/gateway/distributed`,
// so the embedded product does not load them.
export { startEmbedded, type EmbeddedAtende, type EmbeddedOptions } from './embedded/start-embedded.js';
export { gatewaySettings, type GatewayHttpConfig } from './http/gateway-settings.js';
export {
  DEMO_OWNER,
  DEMO_SANDBOX_SESSION,
  ensureDemoWorkspace,
  type BootstrapConfig,
  type DemoWorkspace,
} from './bootstrap/ensure-demo-workspace.js';
export { provisionWorkspace } from './bootstrap/provision-workspace.js';
export { SANDBOX_TOKEN_FILE, sandboxToken } from './routes/sandbox/sandbox-token.js';
export { startSandboxControls } from './routes/sandbox/sandbox-controls.js';
export { openSqliteReadModels } from './embedded/sqlite-read-models-start.js';
