import {
  channelSessionDecider,
  handleCommand,
  streams,
  type ChannelEvent,
  type ChannelSessionCommand,
  type ConversationAllowance,
  type ConversationCommand,
  type EventContext,
  type InboundChannelMessage,
} from '@atende/events';
import { BoundedMap } from '../channel/bounded-map.js';
import { inboundMessageId } from '../sandbox/inbound-message-id.js';
import type { BridgeContext } from './bridge-context.js';
import type { SendRunner } from './send-runner.js';

const MAX_REMEMBERED = 50_000;

/**
 * Whether a driver reports a `media` event after this message: only one with a `mediaUrl` (the
 * placeholder of the media whatsapp-web.js is fetching, or the URL the sandbox fetches); a text has none.
 */
export function mediaMayFollow(message: Pick<InboundChannelMessage, 'mediaUrl'>): boolean {
  return Boolean(message.mediaUrl);
}

export interface MediaTarget {
  workspaceId: string;
  streamId: string;
  messageId: string;
}

export interface ChannelEventRecorderOptions {
  /** The workspace of a session, or undefined for a session nobody requested. */
  workspaceOf(sessionId: string): Promise<string | undefined>;
  /** The plan standing a customer's message carries (only when its conversation may be new). */
  allowanceFor(streamId: string, workspaceId: string): Promise<ConversationAllowance | undefined>;
  now(): Date;
}

/**
 * The inbound side of a bridge: what the channel reports becomes commands (idempotent by
 * deterministic ids), applied in order per chat so different customers are recorded side by side.
 */
export class ChannelEventRecorder {
  /**
   * `${sessionId}:${providerMessageId}` → chat of an inbound message whose media event is still to
   * come (so it is applied after the message): only those. Kept for every message, this held 50,000
   * entries (≈11 MB of heap, bench:memory) for texts no media event ever follows.
   */
  private readonly inboundChats = new BoundedMap<string, string>(MAX_REMEMBERED);
  /** `${sessionId}:${providerMessageId}` → the inbound message whose media the driver is fetching. */
  private readonly mediaTargets = new BoundedMap<string, MediaTarget>(MAX_REMEMBERED);
  private readonly chains = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly ctx: BridgeContext,
    private readonly sends: SendRunner,
    private readonly options: ChannelEventRecorderOptions,
  ) {}

  /** A media retry was asked for: the `media` event that follows finds its message. */
  expectMedia(sessionId: string, providerMessageId: string, target: MediaTarget): void {
    this.mediaTargets.set(`${sessionId}:${providerMessageId}`, target);
  }

  /** Applies events in their chain's order; the returned promise settles when this one is recorded. */
  readonly record = (event: ChannelEvent): Promise<void> => {
    if (this.stopped) return Promise.reject(new Error('channel bridge stopped'));
    const chain = this.chainOf(event);
    const previous = this.chains.get(chain) ?? Promise.resolve();
    const recorded = previous.then(() => this.handle(event));
    const next = recorded.catch((error) =>
      this.ctx.logFailure(
        error,
        { sessionId: event.sessionId, type: event.type },
        'channel event not applied',
      ),
    );
    this.chains.set(chain, next);
    void next.then(() => {
      if (this.chains.get(chain) === next) this.chains.delete(chain);
    });
    return recorded;
  };

  /** Takes no more events and waits for those in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.chains.values()]);
  }

  /**
   * Which events must be applied in order: a chat's messages (and their media) in their chat's
   * chain; the session's own events in its chain.
   */
  private chainOf(event: ChannelEvent): string {
    if (event.type === 'inbound') {
      const { message } = event;
      if (mediaMayFollow(message)) {
        this.inboundChats.set(`${event.sessionId}:${message.providerMessageId}`, message.chatId);
      }
      return `${event.sessionId}|${message.chatId}`;
    }
    if (event.type === 'media') {
      const key = `${event.sessionId}:${event.providerMessageId}`;
      const chatId = this.inboundChats.get(key);
      // Its message is recorded by now; a retry's media event finds it through mediaTargets.
      this.inboundChats.delete(key);
      if (chatId) return `${event.sessionId}|${chatId}`;
    }
    return event.sessionId;
  }

  private async handle(event: ChannelEvent): Promise<void> {
    const { ctx } = this;
    if (ctx.closedSessions.has(event.sessionId)) {
      ctx.logger.debug(
        { sessionId: event.sessionId, type: event.type },
        'event of a deleted workspace dropped',
      );
      return;
    }
    if (event.type === 'ack') return this.sends.applyAck(event.providerMessageId, event.status);
    if (event.type === 'media') return this.applyMedia(event);
    const workspaceId = await this.options.workspaceOf(event.sessionId);
    if (!workspaceId) {
      ctx.logger.warn(
        { sessionId: event.sessionId, type: event.type },
        'channel event of an unknown session',
      );
      return;
    }
    const context: EventContext = { workspaceId };
    if (event.type === 'inbound') return this.applyInbound(event, context);
    let command: ChannelSessionCommand;
    switch (event.type) {
      case 'qr':
        command = { type: 'IssueQr', data: { qrCode: event.qrCode } };
        break;
      case 'connected':
        command = { type: 'MarkConnected', data: { phoneNumber: event.phoneNumber } };
        break;
      case 'disconnected':
        command = { type: 'MarkDisconnected', data: { reason: event.reason } };
        break;
      case 'failed':
        command = { type: 'MarkFailed', data: { error: event.error, retryInMs: event.retryInMs } };
        break;
    }
    await handleCommand(ctx.deps, channelSessionDecider, streams.channel(event.sessionId), command, context);
  }

  private async applyInbound(
    event: Extract<ChannelEvent, { type: 'inbound' }>,
    context: EventContext & { workspaceId: string },
  ): Promise<void> {
    const { message, sessionId } = event;
    const { workspaceId } = context;
    const chatId = await this.ctx.routing.conversationIdOf(workspaceId, message.chatId);
    const streamId = streams.conversation(workspaceId, chatId);
    const messageId = inboundMessageId(sessionId, message.providerMessageId);
    if (message.mediaUrl)
      this.expectMedia(sessionId, message.providerMessageId, { workspaceId, streamId, messageId });
    const allowance = await this.options.allowanceFor(streamId, workspaceId);
    await this.ctx.conversationCommand(
      streamId,
      {
        type: 'ReceiveInboundMessage',
        data: {
          messageId,
          chatId,
          address: message.chatId,
          sessionId,
          providerMessageId: message.providerMessageId,
          customerId: message.from,
          customerName: message.senderName,
          senderName: message.senderName,
          senderPhone: message.from,
          chatType: message.chatType,
          content: message.content,
          type: message.type,
          mediaUrl: message.mediaUrl,
          timestamp: message.timestamp,
          receivedAt: this.options.now().toISOString(),
          ...(allowance ? { allowance } : {}),
        },
      },
      context,
    );
  }

  private async applyMedia(event: Extract<ChannelEvent, { type: 'media' }>): Promise<void> {
    const target = this.mediaTargets.get(`${event.sessionId}:${event.providerMessageId}`);
    if (!target) {
      this.ctx.logger.warn(
        { sessionId: event.sessionId, providerMessageId: event.providerMessageId },
        'media of a message this worker did not receive; the agent can retry it',
      );
      return;
    }
    const command: ConversationCommand =
      event.status === 'stored'
        ? { type: 'RecordMediaStored', data: { messageId: target.messageId, mediaUrl: event.mediaUrl } }
        : { type: 'RecordMediaFailed', data: { messageId: target.messageId, error: event.error } };
    await this.ctx.conversationCommand(target.streamId, command, { workspaceId: target.workspaceId });
  }
}
