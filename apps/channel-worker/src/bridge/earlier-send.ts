import { providerIdSeen, type ActiveConversation } from '@atende/events';
import type { BridgeContext } from './bridge-context.js';
import type { SendJob } from './bridge-types.js';
import type { OutboundRequest } from './conversation-routing.js';

/** A requested message whose send already started once (OutboundSendStarted) with no outcome recorded. */
export interface UnfinishedSend {
  /** ISO time the first attempt started. */
  startedAt: string;
  /** Its conversation now: provider ids it already recorded belong to other messages. */
  conversation: ActiveConversation;
}

/**
 * After a send that may have reached the chat without being recorded (its worker crashed, or lost
 * the session, between the provider call and MarkOutboundSent): the provider id of that message,
 * asked of the channel (`findSent`). A candidate the conversation already recorded for another
 * message (the same text sent twice) is not it. Undefined when the chat does not have it, or when
 * the channel cannot tell (no findSent, or it threw): the caller then sends, at least once.
 */
export async function findEarlierSend(
  ctx: Pick<BridgeContext, 'channel' | 'logger'>,
  job: SendJob,
  request: OutboundRequest,
  unfinished: UnfinishedSend,
): Promise<string | undefined> {
  const { channel, logger } = ctx;
  const detail = { messageId: job.messageId, sessionId: job.sessionId, startedAt: unfinished.startedAt };
  if (!channel.findSent) {
    logger.warn(detail, 'an earlier send may have reached the chat; this channel cannot tell: sending again');
    return undefined;
  }
  let candidates: string[];
  try {
    candidates = await channel.findSent(job.sessionId, {
      chatId: request.address,
      content: request.content,
      type: request.type,
      since: new Date(unfinished.startedAt),
    });
  } catch (error) {
    logger.warn({ ...detail, err: error }, 'could not look for an earlier send in the chat: sending again');
    return undefined;
  }
  const found = candidates.find((id) => !providerIdSeen(unfinished.conversation, id));
  logger.info(
    detail,
    found === undefined
      ? 'an earlier send is not in the chat: sending'
      : 'an earlier send is in the chat: recorded as sent, not sent again',
  );
  return found;
}
