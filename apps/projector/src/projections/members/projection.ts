import type { AtendeEvent, ProjectionTx, StoredEvent } from '@atende/events';
import { allEventDefinitions } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { utcIso } from '../conversations/event-helpers.js';
import {
  MEMBERS_PROJECTION,
  memberCollections as c,
  memberDocId,
  workspaceMembersIndex,
  type MemberDoc,
  type MembershipDoc,
} from './types.js';

/** lastActive only moves when it moves forward by at least this much (keeps writes low). */
export const LAST_ACTIVE_RESOLUTION_MS = 60_000;

type Handler = (event: StoredEvent<AtendeEvent>, tx: ProjectionTx) => void;
type Handlers = Parameters<typeof defineProjection>[1];

/** Sets the acting member's lastActive to the event time when it moves forward by ≥ 1 minute. */
function touch(event: StoredEvent<AtendeEvent>, tx: ProjectionTx): void {
  const { actorId, workspaceId, occurredAt } = event.metadata;
  if (!actorId) return;
  const id = memberDocId(workspaceId, actorId);
  const member = tx.get<MemberDoc>(c.member, id);
  if (!member) return;
  // Same minute in the same ISO form: less than a minute apart, no need to parse (replays run this a lot).
  if (member.lastActive !== null && member.lastActive.slice(0, 16) === occurredAt.slice(0, 16)) return;
  if (
    member.lastActive !== null &&
    Date.parse(occurredAt) - Date.parse(member.lastActive) < LAST_ACTIVE_RESOLUTION_MS
  )
    return;
  tx.put(c.member, id, { ...member, lastActive: utcIso(occurredAt) } satisfies MemberDoc);
}

function updateMember(
  event: StoredEvent<AtendeEvent> & { data: { userId: string } },
  tx: ProjectionTx,
  change: (member: MemberDoc) => MemberDoc,
): void {
  const id = memberDocId(event.metadata.workspaceId, event.data.userId);
  const member = tx.get<MemberDoc>(c.member, id);
  if (member) tx.put(c.member, id, change(member));
}

const memberHandlers = {
  MemberAdded: (event, tx) => {
    const workspaceId = event.metadata.workspaceId;
    const { userId, name, email, role, status } = event.data;
    const id = memberDocId(workspaceId, userId);
    const previous = tx.get<MemberDoc>(c.member, id);
    const doc: MemberDoc = {
      workspaceId,
      userId,
      name,
      email,
      role,
      status,
      joinedAt: new Date(Date.parse(event.metadata.occurredAt)).toISOString(),
      lastActive: previous?.lastActive ?? null,
    };
    tx.put(c.member, id, doc);
    tx.indexPut(workspaceMembersIndex(workspaceId), userId, Date.parse(doc.joinedAt));
    if (previous) return;
    const membership = tx.get<MembershipDoc>(c.membership, userId);
    const workspaceIds = membership?.workspaceIds ?? [];
    if (workspaceIds.includes(workspaceId)) return;
    tx.put(c.membership, userId, {
      workspaceIds: [...workspaceIds, workspaceId].sort(),
    } satisfies MembershipDoc);
  },
  MemberDetailsChanged: (event, tx) =>
    updateMember(event, tx, (m) => ({ ...m, name: event.data.name, email: event.data.email })),
  MemberRoleChanged: (event, tx) => updateMember(event, tx, (m) => ({ ...m, role: event.data.role })),
  MemberStatusChanged: (event, tx) => updateMember(event, tx, (m) => ({ ...m, status: event.data.status })),
  MemberRemoved: (event, tx) => {
    const workspaceId = event.metadata.workspaceId;
    const { userId } = event.data;
    const id = memberDocId(workspaceId, userId);
    if (!tx.get<MemberDoc>(c.member, id)) return;
    tx.delete(c.member, id);
    tx.indexDelete(workspaceMembersIndex(workspaceId), userId);
    const membership = tx.get<MembershipDoc>(c.membership, userId);
    if (!membership) return;
    const workspaceIds = membership.workspaceIds.filter((w) => w !== workspaceId);
    if (workspaceIds.length === 0) tx.delete(c.membership, userId);
    else tx.put(c.membership, userId, { workspaceIds } satisfies MembershipDoc);
  },
  // 'Desativar conta permanentemente': the account is Inativo in every team it belongs to.
  UserDeactivated: (event, tx) => {
    const { userId } = event.data;
    for (const workspaceId of tx.get<MembershipDoc>(c.membership, userId)?.workspaceIds ?? []) {
      const id = memberDocId(workspaceId, userId);
      const member = tx.get<MemberDoc>(c.member, id);
      if (member && member.status !== 'inactive') {
        tx.put(c.member, id, { ...member, status: 'inactive' } satisfies MemberDoc);
      }
    }
  },
} satisfies Handlers;

/**
 * Events a system process records on its own (a customer's message, a provider's ack): they never
 * carry a person as actor, so they cannot mark activity and need not reach this projection.
 */
const SYSTEM_EVENTS: ReadonlySet<string> = new Set([
  'InboundMessageReceived',
  'OutboundSendStarted',
  'OutboundMessageSent',
  'MessageDeliveryUpdated',
  'OutboundMessageFailed',
  'MessageMediaStored',
  'MessageMediaFailed',
  'ConversationStarted',
  'ChannelQrIssued',
  'ChannelConnected',
  'ChannelDisconnected',
  'ChannelFailed',
  'EmailReceived',
]);

/** Member events change the member; then any event a person made marks their activity. */
function buildHandlers(): Handlers {
  const handlers: Record<string, Handler> = {};
  const specific = memberHandlers as Record<string, Handler | undefined>;
  for (const { type } of allEventDefinitions) {
    if (SYSTEM_EVENTS.has(type)) continue;
    const own = specific[type];
    handlers[type] = own
      ? (event, tx) => {
          own(event, tx);
          touch(event, tx);
        }
      : touch;
  }
  return handlers as Handlers;
}

/** Team members per workspace (Equipe), the workspaces of each user, and last activity. */
export const membersProjection = defineProjection(MEMBERS_PROJECTION, buildHandlers());
