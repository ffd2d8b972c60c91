export * from './config.js';
export * from './private-data-dir.js';
