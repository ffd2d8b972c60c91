import type { StoredEvent } from '@atende/events';

/** `subscribe` in terms of `subscribePages`: the events of each page, one by one, until aborted. */
export async function* eventsOfPages(
  pages: AsyncIterable<StoredEvent[]>,
  signal: AbortSignal | undefined,
): AsyncGenerator<StoredEvent> {
  for await (const page of pages) {
    for (const event of page) {
      yield event;
      if (signal?.aborted) return;
    }
  }
}

/** The same stored event with other data (opened, or with placeholders), built in one literal. */
export function withData(event: StoredEvent, data: Record<string, unknown>): StoredEvent {
  return {
    type: event.type,
    data,
    metadata: event.metadata,
    streamId: event.streamId,
    streamPosition: event.streamPosition,
    globalPosition: event.globalPosition,
  } as StoredEvent;
}
