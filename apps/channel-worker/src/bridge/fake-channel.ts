import type {
  Channel,
  ChannelEvent,
  ChannelSendError,
  ChannelStatus,
  OutboundChannelMessage,
  RecordedMedia,
  SentMessageQuery,
} from '@atende/events';

/** A message that reached the fake chat (a send that did not throw). */
interface FakeDelivered {
  sessionId: string;
  chatId: string;
  content: string;
  providerMessageId: string;
  at: Date;
}

/** A Channel for tests: records connects and sends, emits events on demand, fails sends when told. */
export class FakeChannel implements Channel {
  readonly name = 'sandbox' as const;
  readonly connects: { sessionId: string; phoneNumber: string; name: string }[] = [];
  readonly sends: { sessionId: string; message: OutboundChannelMessage }[] = [];
  readonly mediaRetries: { sessionId: string; providerMessageId: string; recorded?: RecordedMedia }[] = [];
  readonly disconnects: string[] = [];
  readonly detaches: string[] = [];
  /** What reached the chats, oldest first: where findSent looks. */
  readonly delivered: FakeDelivered[] = [];
  readonly finds: { sessionId: string; query: SentMessageQuery }[] = [];
  /** When set, every send throws it. */
  sendError: ChannelSendError | undefined;
  /** When set, findSent throws it (the channel cannot tell). */
  findError: Error | undefined;
  /** Like a driver looking in the chat; set it to undefined for a channel that cannot look. */
  findSent: Channel['findSent'] = async (sessionId, query) => {
    this.finds.push({ sessionId, query });
    if (this.findError) throw this.findError;
    return this.delivered
      .filter((m) => m.sessionId === sessionId && m.chatId === query.chatId && m.content === query.content)
      .filter((m) => m.at.getTime() >= query.since.getTime())
      .map((m) => m.providerMessageId);
  };
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
    const providerMessageId = `true_${message.chatId}_P${this.counter}`;
    const { chatId, content } = message;
    this.delivered.push({ sessionId, chatId, content, providerMessageId, at: new Date() });
    return { providerMessageId };
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
