/**
 * A separate process that writes to an event store, for the contract suite. The store comes from
 * the environment (eventStoreLocationFromEnv): ATENDE_STORE_KIND=sqlite + ATENDE_STORE_FILE, or
 * ATENDE_STORE_KIND=eventstoredb + EVENTSTORE_URL (+ ATENDE_STORE_NAMESPACE).
 *  - `report N STREAM`: appends N events one by one, printing "ok <eventId> <position>" after each returns.
 *  - `increment N STREAM`: N times read the stream and append with the version read, retrying on conflict.
 */
import { WrongExpectedVersionError } from '@atende/events';
import { eventStoreLocationFromEnv, openEventStore } from '../open-event-store.js';
import { sampleEvent } from './sample-events.js';

const [mode, countText, streamId] = process.argv.slice(2);
const count = Number(countText);
const store = openEventStore(eventStoreLocationFromEnv(process.env));

if (mode === 'report') {
  for (let i = 0; i < count; i += 1) {
    const event = sampleEvent(`filho ${i}`);
    const result = await store.appendToStream(streamId!, [event]);
    process.stdout.write(`ok ${event.metadata.eventId} ${result.globalPositions[0]}\n`);
  }
} else if (mode === 'increment') {
  let conflicts = 0;
  for (let i = 0; i < count;) {
    const events = await store.readStream(streamId!);
    const version = events.length === 0 ? ('no_stream' as const) : events.length - 1;
    try {
      await store.appendToStream(streamId!, [sampleEvent(`inc ${process.pid} ${i}`)], {
        expectedVersion: version,
      });
      i += 1;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      conflicts += 1;
    }
  }
  process.stdout.write(`done ${conflicts}\n`);
}
await store.close();
