import type {
  Channel,
  ChannelEvent,
  ChannelSendError,
  ChannelStatus,
  OutboundChannelMessage,
  RecordedMedia,
} from '@atende/events';

/** A Channel for tests: records connects and sends, emits events on demand, fails sends when told. */
export class FakeChannel implements Channel {
  readonly name = 'sandbox' as const;
  readonly connects: { sessionId: string; phoneNumber: string; name: string }[] = [];
  readonly sends: { sessionId: string; message: OutboundChannelMessage }[] = [];
  readonly mediaRetries: { sessionId: string; providerMessageId: string; recorded?: RecordedMedia }[] = [];
  readonly disconnects: string[] = [];
  readonly detaches: string[] = [];
  /** When set, every send throws it. */
  sendError: ChannelSendError | undefined;
  private readonly listeners = new Set<(event: ChannelEvent) => void>();
  private counter = 0;

  async connect(session: { sessionId: string; phoneNumber: string; name: string }): Promise<void> {
    this.connects.push(session);
  }

  status(): ChannelStatus {
    return 'connected';
  }

  /** Like the drivers: a logout is reported as a `disconnected` event. */
  async disconnect(sessionId: string): Promise<void> {
    this.disconnects.push(sessionId);
    this.emit({ type: 'disconnected', sessionId, reason: 'logout' });
  }

  async detach(sessionId: string): Promise<void> {
    this.detaches.push(sessionId);
  }

  async send(sessionId: string, message: OutboundChannelMessage): Promise<{ providerMessageId: string }> {
    this.sends.push({ sessionId, message });
    if (this.sendError) throw this.sendError;
    this.counter += 1;
    return { providerMessageId: `true_${message.chatId}_P${this.counter}` };
  }

  async retryMedia(sessionId: string, providerMessageId: string, recorded?: RecordedMedia): Promise<void> {
    this.mediaRetries.push({ sessionId, providerMessageId, recorded });
  }

  onEvent(listener: (event: ChannelEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ChannelEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
