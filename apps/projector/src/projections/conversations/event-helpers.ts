import type { AtendeEvent, StoredEvent } from '@atende/events';

const STREAM_PREFIX = 'conversation-';

/**
 * The chat id of an event of stream `conversation-{workspaceId}-{chatId}` (the workspace taken from
 * the event's metadata); undefined for any other stream.
 */
export function chatIdOfStream(event: StoredEvent<AtendeEvent>): string | undefined {
  const { streamId } = event;
  const { workspaceId } = event.metadata;
  const start = STREAM_PREFIX.length + workspaceId.length + 1;
  if (
    streamId.length <= start ||
    !streamId.startsWith(STREAM_PREFIX) ||
    !streamId.startsWith(workspaceId, STREAM_PREFIX.length) ||
    streamId.charCodeAt(start - 1) !== 45 // '-'
  ) {
    return undefined;
  }
  return streamId.slice(start);
}

/**
 * An ISO time (validated by the event schema) in the canonical UTC form `YYYY-MM-DDTHH:mm:ss.sssZ`,
 * so that times compare as strings. Already canonical times (what deciders write) are kept as they are.
 */
export function utcIso(timestamp: string): string {
  if (
    timestamp.length === 24 &&
    timestamp.charCodeAt(23) === 90 && // 'Z'
    timestamp.charCodeAt(19) === 46 && // '.'
    timestamp.charCodeAt(10) === 84 // 'T'
  ) {
    return timestamp;
  }
  return new Date(Date.parse(timestamp)).toISOString();
}
