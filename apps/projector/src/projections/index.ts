import type { StreamCategory } from '@atende/events';
import type { Projection } from '../projection.js';
import { analyticsProjection } from './analytics/index.js';
import { cannedRepliesProjection } from './canned-replies/index.js';
import { channelSessionsProjection } from './channel-sessions/index.js';
import { conversationsProjection } from './conversations/index.js';
import { emailsProjection } from './emails/index.js';
import { membersProjection } from './members/index.js';
import { messagesProjection } from './messages/index.js';
import { notesProjection } from './notes/index.js';
import { notificationsProjection } from './notifications/index.js';
import { replySuggestionsProjection } from './reply-suggestions/index.js';
import { usersProjection } from './users/index.js';
import { workspacesProjection } from './workspaces/index.js';
import { erasable } from './workspace-erasure-plans.js';

export * from './analytics/index.js';
export * from './canned-replies/index.js';
export * from './channel-sessions/index.js';
export * from './conversations/index.js';
export * from './emails/index.js';
export * from './members/index.js';
export * from './messages/index.js';
export * from './notes/index.js';
export * from './notifications/index.js';
export * from './reply-suggestions/index.js';
export * from './users/index.js';
export * from './workspaces/index.js';
export * from './workspace-erasure-plans.js';
export * from '../erasure/workspace-erasure.js';

/**
 * Every read model Atende serves, in the order the projector applies them; each also erases what
 * it holds of a workspace whose data is deleted (workspace-erasure-plans.ts).
 */
export const allProjections: readonly Projection[] = [
  workspacesProjection,
  usersProjection,
  membersProjection,
  channelSessionsProjection,
  conversationsProjection,
  messagesProjection,
  notesProjection,
  notificationsProjection,
  emailsProjection,
  cannedRepliesProjection,
  replySuggestionsProjection,
  analyticsProjection,
].map(erasable);

const backgroundNames = new Set([analyticsProjection.name, replySuggestionsProjection.name]);

/** What the inbox needs to serve: rebuilt before an embedded process starts listening. */
export const startupProjections: readonly Projection[] = allProjections.filter(
  (p) => !backgroundNames.has(p.name),
);
/**
 * Caught up in the background after start: supervisors' figures and history-based reply suggestions
 * may lag a few seconds after a restart (canned suggestions are served meanwhile).
 */
export const backgroundProjections: readonly Projection[] = allProjections.filter((p) =>
  backgroundNames.has(p.name),
);

/** The projections that show a stream of this category (ops time travel). */
export function projectionsForCategory(category: StreamCategory | undefined): Projection[] {
  switch (category) {
    case 'conversation':
      // The workspaces projection counts conversations started per month (plans).
      return [conversationsProjection, messagesProjection, replySuggestionsProjection, workspacesProjection];
    case 'workspace':
      return [workspacesProjection];
    case 'user':
      return [usersProjection];
    case 'member':
      return [membersProjection];
    case 'channel':
      return [channelSessionsProjection];
    case 'note':
      return [notesProjection, notificationsProjection];
    case 'notifications':
      return [notificationsProjection];
    case 'email':
      return [emailsProjection];
    case 'cannedreply':
      return [cannedRepliesProjection];
    case 'audit':
      return [];
    case undefined:
      return [];
  }
}
