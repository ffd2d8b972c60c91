import { newId } from '@atende/events';
import { eventStoreContract, type EventStoreHarness } from '../contract/event-store-contract.js';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.js';

// The shared contract suite against a real EventStoreDB: `docker compose up eventstore`, then
// `EVENTSTORE_URL=esdb://localhost:2113?tls=false npm test`. Without EVENTSTORE_URL it is skipped
// (also with REQUIRE_INFRA=1: EventStoreDB is optional infrastructure). Each harness works in a
// namespace of its own (a unique stream prefix), so runs sharing a server do not see each other.

const url = process.env.EVENTSTORE_URL;

async function makeHarness(connectionString: string): Promise<EventStoreHarness> {
  const namespace = `atende-test-${newId()}-`;
  return {
    open: async () => createEventStoreDbEventStore({ connectionString, namespace }),
    childEnv: () => ({
      ATENDE_STORE_KIND: 'eventstoredb',
      EVENTSTORE_URL: connectionString,
      ATENDE_STORE_NAMESPACE: namespace,
    }),
    // Nothing to remove: the namespace is never used again (EventStoreDB only soft-deletes anyway).
    cleanup: async () => {},
  };
}

if (url) {
  eventStoreContract('EventStoreDB', () => makeHarness(url));
} else {
  console.warn('[atende] EVENTSTORE_URL not set: the EventStoreDB contract suite is skipped.');
  // Declared but skipped, so the report lists every contract test as skipped.
  describe.skip('EventStore contract: EventStoreDB (skipped: EVENTSTORE_URL not set)', () => {
    eventStoreContract('EventStoreDB', () => makeHarness('esdb://unused'));
  });
}
