import {
  SEND_FAILED_MESSAGE,
  conversationDecider,
  loadAggregate,
  providerIdWithoutAddress,
} from '@atende/events';
import { BoundedMap } from '../channel/bounded-map.js';
import type { Job } from '../queue/job-queue.js';
import type { BridgeContext } from './bridge-context.js';
import type { SendJob } from './bridge-types.js';

const MAX_REMEMBERED = 50_000;
const MAX_EARLY_ACKS = 1_000;

interface SentMessage {
  workspaceId: string;
  streamId: string;
}

/**
 * The outbound side of a bridge: runs send jobs (each request sent once: a replayed or repeated job
 * finds it handled) and moves sent messages' delivery status with the provider's acks.
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
   * acks come in now; the conversation finds it by either (indexProviderId).
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
    const { closedWorkspaces, routing, channel, logger } = this.ctx;
    const payload = job.payload;
    if (closedWorkspaces.has(payload.workspaceId)) return; // its data was deleted: nothing goes out
    let providerMessageId = this.sentNotRecorded.get(payload.messageId);
    if (providerMessageId === undefined) {
      const request = (await this.stillRequested(payload))
        ? await routing.outboundOf(payload.streamId, payload.messageId, payload.chatId)
        : undefined;
      if (request === undefined) {
        logger.debug({ messageId: payload.messageId }, 'outbound message already handled; not sent again');
        return;
      }
      ({ providerMessageId } = await channel.send(payload.sessionId, {
        chatId: request.address,
        content: request.content,
        type: 'text',
        messageId: payload.messageId,
      }));
      this.sentNotRecorded.set(payload.messageId, providerMessageId);
    }
    await this.recordSent(payload, providerMessageId);
  };

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

  /** True while the message still waits to be sent (a replay of an old request finds it sent or failed). */
  private async stillRequested(job: SendJob): Promise<boolean> {
    const { state } = await loadAggregate(this.ctx.deps, conversationDecider, job.streamId);
    if (state.status !== 'active') return false;
    const message = state.messages.get(job.messageId);
    return (
      message !== undefined &&
      message.direction === 'outbound' &&
      message.status === 'requested' &&
      message.providerMessageId === null
    );
  }
}
