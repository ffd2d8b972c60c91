export * from './given-when-then.js';
export * from './checkpoint-store-contract.js';
export * from './allowances.js';
export * from './session-leases-contract.js';
export * from './free-port.js';
export * from './memory-log.js';
