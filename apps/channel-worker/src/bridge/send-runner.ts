import {
  ChannelSendError,
  SEND_FAILED_MESSAGE,
  conversationDecider,
  loadAggregate,
  messageOf,
  providerIdWithoutAddress,
  unfinishedSendSince,
  type ActiveConversation,
  type OutboundChannelMedia,
} from '@atende/events';
import { BoundedMap } from '../channel/bounded-map.js';
import type { Job } from '../queue/job-queue.js';
import type { BridgeContext } from './bridge-context.js';
import type { SendJob } from './bridge-types.js';
import type { OutboundRequest } from './conversation-routing.js';
import { findEarlierSend } from './earlier-send.js';

const MAX_REMEMBERED = 50_000;
const MAX_EARLY_ACKS = 1_000;

interface SentMessage {
  workspaceId: string;
  streamId: string;
}

/**
 * The outbound side of a bridge: runs send jobs (each request sent once: a replayed or repeated job
 * finds it handled) and moves sent messages' delivery status with the provider's acks. Before the
 * provider is first asked, OutboundSendStarted is recorded: a job that finds it with no outcome (its
 * worker died between the send and its record) asks the channel whether the chat already has the
 * message before sending again (findEarlierSend).
 */
export class SendRunner {
  /** providerMessageId → the conversation of a message we sent. */
  private readonly sent = new BoundedMap<string, SentMessage>(MAX_REMEMBERED);
  /** messageId → providerMessageId of sends whose OutboundMessageSent is not stored yet (a retry must not resend). */
  private readonly sentNotRecorded = new BoundedMap<string, string>(MAX_REMEMBERED);
  /** Acks that came before their send was recorded, applied once it is. */
  private readonly earlyAcks = new BoundedMap<string, ('delivered' | 'read')[]>(MAX_EARLY_ACKS);

  constructor(
    private readonly ctx: BridgeContext,
    /** The request is done (sent, failed or found handled): the checkpoint may pass it. */
    private readonly finished: (messageId: string) => void,
  ) {}

  /**
   * An OutboundMessageSent in the log (maybe sent by another process): its acks find it. One
   * recorded with its address (before issue 26) is known by its address-free form too, the form its
   * acks come in now; the conversation finds it by either (messageIdOfProviderId).
   */
  knowSent(providerMessageId: string, target: SentMessage): void {
    for (const id of new Set([providerMessageId, providerIdWithoutAddress(providerMessageId)])) {
      if (!this.sent.has(id)) this.sent.set(id, target);
    }
  }

  async applyAck(providerMessageId: string, status: 'delivered' | 'read'): Promise<void> {
    const target =
      this.sent.get(providerMessageId) ?? this.sent.get(providerIdWithoutAddress(providerMessageId));
    if (!target) {
      const queued = this.earlyAcks.get(providerMessageId) ?? [];
      this.earlyAcks.set(providerMessageId, [...queued, status]);
      this.ctx.logger.debug({ providerMessageId, status }, 'ack for a message not sent here (yet)');
      return;
    }
    await this.ctx.conversationCommand(
      target.streamId,
      { type: 'UpdateDeliveryByProviderId', data: { providerMessageId, status } },
      { workspaceId: target.workspaceId },
    );
  }

  readonly run = async (job: Job<SendJob>): Promise<void> => {
    const { closedWorkspaces, routing, logger } = this.ctx;
    const payload = job.payload;
    if (closedWorkspaces.has(payload.workspaceId)) return; // its data was deleted: nothing goes out
    let providerMessageId = this.sentNotRecorded.get(payload.messageId);
    if (providerMessageId === undefined) {
      const conversation = await this.stillRequested(payload);
      const request = conversation
        ? await routing.outboundOf(
            payload.streamId,
            payload.messageId,
            conversation.address,
            payload.requestPosition,
          )
        : undefined;
      if (conversation === undefined || request === undefined) {
        logger.debug({ messageId: payload.messageId }, 'outbound message already handled; not sent again');
        return;
      }
      providerMessageId = await this.sendOnce(payload, request, conversation);
      this.sentNotRecorded.set(payload.messageId, providerMessageId);
    }
    await this.recordSent(payload, providerMessageId);
  };

  /**
   * A first attempt records that the send started, then sends. A later one (the first started with
   * no outcome recorded: a crash, a takeover, a send that threw) first looks for the message in
   * the chat, and sends only when it is not found or the channel cannot tell.
   */
  private async sendOnce(
    job: SendJob,
    request: OutboundRequest,
    conversation: ActiveConversation,
  ): Promise<string> {
    const message = messageOf(conversation, job.messageId);
    const startedAt = message && unfinishedSendSince(message);
    if (startedAt === undefined) {
      await this.ctx.conversationCommand(
        job.streamId,
        {
          type: 'StartOutboundSend',
          data: { messageId: job.messageId, startedAt: new Date().toISOString() },
        },
        { workspaceId: job.workspaceId, causationId: job.requestEventId },
      );
    } else {
      const found = await findEarlierSend(this.ctx, job, request, { startedAt, conversation });
      if (found !== undefined) return found;
    }
    const sent = await this.ctx.channel.send(job.sessionId, {
      chatId: request.address,
      content: request.content,
      type: request.type,
      messageId: job.messageId,
      ...(request.media ? { media: await this.mediaOf(job, request.media) } : {}),
    });
    return sent.providerMessageId;
  }

  /** The bytes of the file an agent attached; gone (erased, deleted) it can never be sent. */
  private async mediaOf(
    job: SendJob,
    media: NonNullable<OutboundRequest['media']>,
  ): Promise<OutboundChannelMedia> {
    const stored = await this.ctx.media?.get(job.workspaceId, media.mediaId);
    if (!stored) throw new ChannelSendError(`Media ${media.mediaId} is not in the media store`, true);
    return { bytes: stored.bytes, mimeType: media.mimeType, fileName: media.fileName };
  }

  readonly failed = async (job: Job<SendJob>, error: unknown): Promise<void> => {
    const payload = job.payload;
    this.ctx.logger.warn(
      { messageId: payload.messageId, sessionId: payload.sessionId, attempt: job.attempt, err: error },
      'outbound message not sent',
    );
    // It was sent and only recording it failed: left open, a restart records it (without resending).
    if (this.sentNotRecorded.has(payload.messageId)) return;
    try {
      await this.ctx.conversationCommand(
        payload.streamId,
        { type: 'MarkOutboundFailed', data: { messageId: payload.messageId, error: SEND_FAILED_MESSAGE } },
        { workspaceId: payload.workspaceId, causationId: payload.requestEventId },
      );
      this.finished(payload.messageId);
    } catch (e) {
      this.ctx.logFailure(e, { messageId: payload.messageId }, 'send failure not recorded');
    }
  };

  private async recordSent(job: SendJob, providerMessageId: string): Promise<void> {
    await this.ctx.conversationCommand(
      job.streamId,
      { type: 'MarkOutboundSent', data: { messageId: job.messageId, providerMessageId } },
      { workspaceId: job.workspaceId, causationId: job.requestEventId },
    );
    this.sentNotRecorded.delete(job.messageId);
    this.sent.set(providerMessageId, { workspaceId: job.workspaceId, streamId: job.streamId });
    const acks = this.earlyAcks.get(providerMessageId);
    if (acks) {
      this.earlyAcks.delete(providerMessageId);
      for (const status of acks) {
        await this.applyAck(providerMessageId, status).catch((error) =>
          this.ctx.logFailure(error, { providerMessageId, status }, 'early ack not applied'),
        );
      }
    }
  }

  /**
   * The conversation while the message still waits to be sent; undefined once it was sent or failed
   * (a replay of an old request).
   */
  private async stillRequested(job: SendJob): Promise<ActiveConversation | undefined> {
    const { state } = await loadAggregate(this.ctx.deps, conversationDecider, job.streamId);
    if (state.status !== 'active') return undefined;
    const message = messageOf(state, job.messageId);
    const waiting =
      message !== undefined &&
      message.direction === 'outbound' &&
      message.status === 'requested' &&
      message.providerMessageId === null;
    return waiting ? state : undefined;
  }
}
