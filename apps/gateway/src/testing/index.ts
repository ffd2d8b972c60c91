// What other packages' tests use of the gateway (`@atende/gateway/testing`): never its src/.
export * from './harness.js';
export * from './eventually.js';
export * from './media-fixtures.js';
