export * from './types.js';
export * from './projection.js';
export * from './queries.js';
export * from './secret-mask.js';
