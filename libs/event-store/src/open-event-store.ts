import type { EventStore } from '@atende/events';
import { createSqliteEventStore } from './sqlite/sqlite-event-store.js';

/** Where the events live; chosen by configuration. */
export type EventStoreLocation = { kind: 'sqlite'; filename: string; synchronous?: 'full' | 'normal' };

export function openEventStore(location: EventStoreLocation): EventStore {
  switch (location.kind) {
    case 'sqlite':
      return createSqliteEventStore({
        filename: location.filename,
        synchronous: location.synchronous ?? 'full',
      });
  }
}

/** Reads a location from ATENDE_STORE_KIND / ATENDE_STORE_FILE (used by child processes in tests and tools). */
export function eventStoreLocationFromEnv(env: NodeJS.ProcessEnv): EventStoreLocation {
  if (env.ATENDE_STORE_KIND === 'sqlite' && env.ATENDE_STORE_FILE) {
    return { kind: 'sqlite', filename: env.ATENDE_STORE_FILE };
  }
  throw new Error('ATENDE_STORE_KIND/ATENDE_STORE_FILE do not describe an event store');
}
