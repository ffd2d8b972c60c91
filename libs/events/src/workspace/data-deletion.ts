import { z } from 'zod';
import { defineEvent } from '../core/define-event.js';

/** What the Owner types to confirm 'Excluir todos os dados da conta' (checked by the client and the server). */
export const DELETE_WORKSPACE_CONFIRMATION = 'EXCLUIR';

/**
 * What stays in the event log of a deleted workspace once its events are erased: the record of the
 * deletion itself (it tells every projection and process that the workspace is closed).
 */
export const WORKSPACE_ERASURE_KEPT_TYPES: readonly string[] = ['WorkspaceDataDeleted'];

/** Longest member / channel-session list one deletion carries (a workspace's team and phones). */
export const WORKSPACE_DELETION_MAX_IDS = 10_000;

const ids = z.array(z.string().min(1)).max(WORKSPACE_DELETION_MAX_IDS);

/**
 * 'Excluir todos os dados da conta' (stream `workspace-{id}`): the workspace is closed and every read
 * model drops what it holds of it. It names the members and WhatsApp sessions it had, so the
 * read models keyed by user or by session (memberships, sessions) know what to drop on a replay too.
 */
export const WorkspaceDataDeleted = defineEvent(
  'WorkspaceDataDeleted',
  z.object({
    workspaceId: z.string().min(1),
    deletedBy: z.string().min(1),
    memberIds: ids,
    channelSessionIds: ids,
    /**
     * Of the members, the accounts that belong to other workspaces too: they stay (with every event
     * of theirs), only their membership here goes. Absent in deletions recorded before it existed.
     */
    keptAccountIds: ids.optional(),
  }),
);
