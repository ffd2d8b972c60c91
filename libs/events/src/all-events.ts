import { EventRegistry } from './core/registry.js';
import { auditEventDefinitions, type AuditEvent } from './audit/index.js';
import { cannedReplyEventDefinitions, type CannedReplyEvent } from './canned-reply/index.js';
import { channelSessionEventDefinitions, type ChannelSessionEvent } from './channel-session/index.js';
import { conversationEventDefinitions, type ConversationEvent } from './conversation/index.js';
import { emailEventDefinitions, type EmailEvent } from './email/index.js';
import { memberEventDefinitions, type MemberEvent } from './member/index.js';
import { noteEventDefinitions, type NoteEvent } from './note/index.js';
import { notificationEventDefinitions, type NotificationEvent } from './notification/index.js';
import { userEventDefinitions, type UserEvent } from './user/index.js';
import { workspaceEventDefinitions, type WorkspaceEvent } from './workspace/index.js';

export const allEventDefinitions = [
  ...workspaceEventDefinitions,
  ...userEventDefinitions,
  ...memberEventDefinitions,
  ...channelSessionEventDefinitions,
  ...conversationEventDefinitions,
  ...noteEventDefinitions,
  ...notificationEventDefinitions,
  ...emailEventDefinitions,
  ...cannedReplyEventDefinitions,
  ...auditEventDefinitions,
];

/** Every event type Atende knows: validates before writing, parses and upcasts on read. */
export const atendeRegistry = new EventRegistry(allEventDefinitions);

export type AtendeEvent =
  | WorkspaceEvent
  | UserEvent
  | MemberEvent
  | ChannelSessionEvent
  | ConversationEvent
  | NoteEvent
  | NotificationEvent
  | EmailEvent
  | CannedReplyEvent
  | AuditEvent;
