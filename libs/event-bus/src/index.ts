export * from './bus-misconfigured-error.js';
export * from './in-process/in-process-event-bus.js';
export * from './kafka/kafka-event-bus.js';
export { TopicPartitionsError } from './kafka/kafka-topic.js';
export * from './relay/relay.js';
