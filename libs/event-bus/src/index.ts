export * from './in-process/in-process-event-bus.js';
export * from './kafka/kafka-event-bus.js';
export * from './relay/relay.js';
