import type {
  DoneAnswer,
  MemberAddedAnswer,
  MemberUpdatedAnswer,
  PasswordResetAnswer as PasswordResetBody,
} from '@atende/api-contract';
import { apiRequest } from '../../api/client';
import type { MemberFormValues } from './types';

// The answers are the contract shared with the gateway (types only), less the `success` flag.
export type AddMemberAnswer = Omit<MemberAddedAnswer, 'success'>;
export type UpdateMemberAnswer = Omit<MemberUpdatedAnswer, 'success'>;
export type PasswordResetAnswer = Omit<PasswordResetBody, 'success'>;

const memberPath = (id: string) => `/api/team/${encodeURIComponent(id)}`;

/** POST /api/team: creates the account (with a one-time password) and adds it to the team. */
export async function addMember(values: MemberFormValues): Promise<AddMemberAnswer> {
  const answer = await apiRequest<Partial<AddMemberAnswer>>('/api/team', { method: 'POST', body: values });
  return {
    member: answer.member!,
    oneTimePassword: typeof answer.oneTimePassword === 'string' ? answer.oneTimePassword : null,
    message: answer.message ?? '',
  };
}

/** PUT /api/team/:userId with only the fields that changed. */
export async function updateMember(
  id: string,
  changes: Partial<MemberFormValues>,
): Promise<UpdateMemberAnswer> {
  const answer = await apiRequest<Partial<UpdateMemberAnswer>>(memberPath(id), {
    method: 'PUT',
    body: changes,
  });
  return { member: answer.member!, message: answer.message ?? '' };
}

/** DELETE /api/team/:userId: the member leaves the team and their sessions end. */
export async function removeMember(id: string): Promise<string> {
  const answer = await apiRequest<Partial<DoneAnswer>>(memberPath(id), { method: 'DELETE' });
  return answer.message ?? '';
}

/**
 * POST /api/team/:userId/password-reset: a one-time password replaces the member's; their sessions
 * end. Refused for oneself (RESET_OWN_PASSWORD) and for an account another company shares (ACCOUNT_SHARED).
 */
export async function resetMemberPassword(id: string): Promise<PasswordResetAnswer> {
  const answer = await apiRequest<Partial<PasswordResetAnswer>>(`${memberPath(id)}/password-reset`, {
    method: 'POST',
  });
  return { oneTimePassword: answer.oneTimePassword ?? '', message: answer.message ?? '' };
}
