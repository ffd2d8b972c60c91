/**
 * The bus cannot carry the log the way its consumers need it (a Kafka topic with the wrong number of
 * partitions, say). Not a passing fault: sending the same events again cannot help until an operator
 * fixes the bus, so the relay refuses to publish rather than spread events out of order.
 */
export class BusMisconfiguredError extends Error {
  readonly code: string = 'BUS_MISCONFIGURED';

  constructor(message: string) {
    super(message);
    this.name = 'BusMisconfiguredError';
  }
}
