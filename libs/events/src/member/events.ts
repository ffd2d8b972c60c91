import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';
import { normalisedEmailSchema } from '../user/email-address.js';
import { memberRoles, memberStatuses } from './roles.js';

export const MEMBER_NAME_MAX_LENGTH = 120;

const userId = z.string().min(1);
const name = z.string().min(1).max(MEMBER_NAME_MAX_LENGTH);
const role = z.enum(memberRoles);
const status = z.enum(memberStatuses);

export const MemberAdded = defineEvent(
  'MemberAdded',
  z.object({ workspaceId: z.string().min(1), userId, name, email: normalisedEmailSchema, role, status }),
);
export const MemberDetailsChanged = defineEvent(
  'MemberDetailsChanged',
  z.object({ userId, name, email: normalisedEmailSchema }),
);
export const MemberRoleChanged = defineEvent('MemberRoleChanged', z.object({ userId, role }));
export const MemberStatusChanged = defineEvent('MemberStatusChanged', z.object({ userId, status }));
export const MemberRemoved = defineEvent('MemberRemoved', z.object({ userId }));

export const memberEventDefinitions = [
  MemberAdded,
  MemberDetailsChanged,
  MemberRoleChanged,
  MemberStatusChanged,
  MemberRemoved,
] as const;

export type MemberEvent =
  | EventOf<typeof MemberAdded>
  | EventOf<typeof MemberDetailsChanged>
  | EventOf<typeof MemberRoleChanged>
  | EventOf<typeof MemberStatusChanged>
  | EventOf<typeof MemberRemoved>;
