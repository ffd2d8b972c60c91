import type { StoredEvent } from '@atende/events';
import type { JobQueue } from '../queue/job-queue.js';
import type { BridgeCheckpoint } from './bridge-checkpoint.js';
import type { BridgeContext } from './bridge-context.js';
import type { SendJob } from './bridge-types.js';
import type { ChannelEventRecorder } from './channel-event-recorder.js';
import { recordedMediaOf } from './recorded-media.js';
import type { BridgeReactor } from './reactor.js';
import type { SendRunner } from './send-runner.js';
import type { SessionOwnership } from './session-ownership.js';

export interface SendReactorDeps {
  ctx: BridgeContext;
  checkpoint: BridgeCheckpoint;
  sends: SendRunner;
  recorder: ChannelEventRecorder;
  /** With several workers: the sessions' durable queues; otherwise `queue`. */
  ownership: SessionOwnership | undefined;
  queue: JobQueue<SendJob> | undefined;
  /** Work left running in the background (awaited on stop). */
  track(promise: Promise<unknown>): void;
}

/**
 * Agents' messages out: each OutboundMessageRequested becomes one send job (the checkpoint stays
 * before it until it is sent or given up), a recorded send is remembered for the provider's acks,
 * and a media download asked again goes to the driver that runs its session.
 */
export function sendReactor(deps: SendReactorDeps): BridgeReactor {
  const { ctx, checkpoint, sends, recorder, ownership, queue } = deps;

  async function queueSend(event: StoredEvent): Promise<void> {
    const data = event.data as { messageId: string; chatId: string; sessionId: string };
    const job: SendJob = {
      workspaceId: event.metadata.workspaceId,
      streamId: event.streamId,
      sessionId: data.sessionId,
      chatId: data.chatId,
      messageId: data.messageId,
      requestEventId: event.metadata.eventId,
      requestPosition: event.streamPosition,
    };
    // Open before adding: the job may finish before add() resolves.
    checkpoint.begin(data.messageId, event.globalPosition);
    if (ownership) {
      await ownership.add(data.messageId, job);
      checkpoint.finish(data.messageId); // in its session's durable queue now, whoever runs it
      return;
    }
    const added = await queue!.add(data.messageId, job);
    if (!added) checkpoint.finishAt(data.messageId, event.globalPosition); // already queued or done
  }

  function retryMedia(event: StoredEvent): Promise<void> | undefined {
    const data = event.data as { messageId: string; sessionId: string; providerMessageId: string };
    // Only the worker that runs the session can fetch it again.
    if (ownership && !ownership.runsHere(data.sessionId)) return;
    const target = {
      workspaceId: event.metadata.workspaceId,
      streamId: event.streamId,
      messageId: data.messageId,
    };
    recorder.expectMedia(data.sessionId, data.providerMessageId, target);
    const { channel } = ctx;
    if (!channel.retryMedia) {
      return ctx
        .conversationCommand(
          event.streamId,
          {
            type: 'RecordMediaFailed',
            data: { messageId: data.messageId, error: 'Mídia indisponível neste canal' },
          },
          { workspaceId: target.workspaceId, causationId: event.metadata.eventId },
        )
        .then(() => undefined);
    }
    const retry = channel.retryMedia.bind(channel);
    // The driver may need what it recorded (sealed) to find the message, e.g. after a restart.
    const recorded = recordedMediaOf(ctx.store, event.streamId, data.messageId).catch((error: unknown) => {
      ctx.logFailure(error, { messageId: data.messageId }, 'media retry: message not read from the log');
      return undefined;
    });
    const retrying = recorded.then((media) => retry(data.sessionId, data.providerMessageId, media));
    deps.track(
      retrying.catch((error) => ctx.logFailure(error, { messageId: data.messageId }, 'media retry failed')),
    );
  }

  return {
    name: 'channel bridge: sends',
    eventTypes: new Set(['OutboundMessageRequested', 'OutboundMessageSent', 'MessageMediaRetryRequested']),
    handle(event) {
      switch (event.type) {
        case 'OutboundMessageRequested':
          return queueSend(event);
        case 'OutboundMessageSent': {
          const data = event.data as { providerMessageId: string };
          sends.knowSent(data.providerMessageId, {
            workspaceId: event.metadata.workspaceId,
            streamId: event.streamId,
          });
          return undefined;
        }
        case 'MessageMediaRetryRequested':
          return retryMedia(event);
        default:
          return undefined;
      }
    },
  };
}
