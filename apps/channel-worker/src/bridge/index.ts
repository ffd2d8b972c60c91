export * from './channel-bridge.js';
