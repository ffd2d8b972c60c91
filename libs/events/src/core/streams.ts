/** Stream names of DESIGN §3. Ids must not be empty; they may contain '-' (uuids do). */
export const streams = {
  workspace: (workspaceId: string) => `workspace-${workspaceId}`,
  user: (userId: string) => `user-${userId}`,
  member: (workspaceId: string, userId: string) => `member-${workspaceId}-${userId}`,
  channel: (sessionId: string) => `channel-${sessionId}`,
  conversation: (workspaceId: string, chatId: string) => `conversation-${workspaceId}-${chatId}`,
  note: (noteId: string) => `note-${noteId}`,
  email: (emailId: string) => `email-${emailId}`,
  /** A canned reply (Respostas prontas). No '-' in the prefix: streamCategory reads up to the first one. */
  cannedreply: (cannedReplyId: string) => `cannedreply-${cannedReplyId}`,
  /** One member's reminder notifications in one workspace (read, cleared). */
  notifications: (workspaceId: string, userId: string) => `notifications-${workspaceId}-${userId}`,
  audit: (workspaceId: string) => `audit-${workspaceId}`,
} as const;

export type StreamCategory = keyof typeof streams;

/** The category of a stream id (`conversation-…` → `conversation`), or undefined for a foreign name. */
export function streamCategory(streamId: string): StreamCategory | undefined {
  const prefix = streamId.slice(0, streamId.indexOf('-'));
  return prefix in streams ? (prefix as StreamCategory) : undefined;
}
