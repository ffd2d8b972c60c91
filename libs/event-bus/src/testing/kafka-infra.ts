/**
 * Tests that need Kafka ask here. With REQUIRE_INFRA=1 (CI) a missing broker fails the run;
 * otherwise the suite is skipped and says so. The Jest global setup probes once (and starts the local
 * broker from scripts/kafka when its jars are installed) and exports the result.
 */
export function kafkaAvailable(): boolean {
  return process.env.ATENDE_TEST_KAFKA === '1';
}

/** Bootstrap brokers for tests: ATENDE_TEST_KAFKA_BROKERS, comma-separated host:port. */
export const testKafkaBrokers = (): string[] =>
  (process.env.ATENDE_TEST_KAFKA_BROKERS ?? '127.0.0.1:19092')
    .split(',')
    .map((broker) => broker.trim())
    .filter((broker) => broker.length > 0);

/** `describe` when Kafka is reachable, else `describe.skip` (never when REQUIRE_INFRA=1: setup failed already). */
export function describeWithKafka(name: string, fn: () => void): void {
  if (kafkaAvailable()) describe(name, fn);
  else describe.skip(`${name} (skipped: Kafka not reachable at ${testKafkaBrokers().join(',')})`, fn);
}
