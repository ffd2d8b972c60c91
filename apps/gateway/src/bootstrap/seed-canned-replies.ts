import {
  DEFAULT_CANNED_REPLIES,
  DomainError,
  cannedReplyDecider,
  defaultCannedReplyId,
  handleCommand,
  streams,
  type CommandHandlerDeps,
  type EventContext,
} from '@atende/events';

/** Who the default replies are created by (Atende, not a member). */
export const DEFAULT_CANNED_REPLIES_AUTHOR = 'system';

/**
 * Gives a workspace Atende's default canned replies (DEFAULT_CANNED_REPLIES) as replies of its own,
 * which the team then edits or deletes. Each has an id derived from the workspace and its key, and is
 * created only while its stream is empty: running it again (every start, several gateways at once,
 * after a crash half-way) adds only what is missing and never brings back a reply the team deleted.
 * Returns how many it created.
 */
export async function seedDefaultCannedReplies(
  deps: CommandHandlerDeps,
  workspaceId: string,
  context: EventContext = { workspaceId, actorId: DEFAULT_CANNED_REPLIES_AUTHOR },
): Promise<number> {
  let created = 0;
  for (const reply of DEFAULT_CANNED_REPLIES) {
    const cannedReplyId = defaultCannedReplyId(workspaceId, reply.key);
    try {
      await handleCommand(
        deps,
        cannedReplyDecider,
        streams.cannedreply(cannedReplyId),
        {
          type: 'CreateCannedReply',
          data: {
            cannedReplyId,
            text: reply.text,
            category: reply.category,
            keywords: reply.keywords,
            createdBy: DEFAULT_CANNED_REPLIES_AUTHOR,
          },
        },
        { ...context, workspaceId },
      );
      created += 1;
    } catch (error) {
      // Seeded before (by this or another process; maybe deleted by the team since): left as it is.
      if (!(error instanceof DomainError && error.code === 'CANNED_REPLY_EXISTS')) throw error;
    }
  }
  return created;
}
