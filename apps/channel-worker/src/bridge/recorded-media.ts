import { REMOVED_PLACEHOLDER, type EventStore, type RecordedMedia } from '@atende/events';

/**
 * What the log recorded of an inbound message's media, opened, for a retry (Channel.retryMedia):
 * the `mediaUrl` its InboundMessageReceived carried (the driver's placeholder while it downloaded);
 * null when the message is not in the stream or its customer was erased.
 */
export async function recordedMediaOf(
  store: EventStore,
  streamId: string,
  messageId: string,
): Promise<RecordedMedia> {
  const events = await store.readStream(streamId, { trusted: true });
  const received = events.find(
    (e) => e.type === 'InboundMessageReceived' && (e.data as { messageId?: string }).messageId === messageId,
  );
  const mediaUrl = (received?.data as { mediaUrl?: string | null } | undefined)?.mediaUrl ?? null;
  return { mediaUrl: mediaUrl === REMOVED_PLACEHOLDER ? null : mediaUrl };
}
