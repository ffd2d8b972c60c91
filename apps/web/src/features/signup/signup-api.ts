import { apiRequest } from '../../api/client';
import type { UserAnswer } from '@atende/api-contract';
import type { Me } from '../../api/types';

/** What POST /api/signup takes: the new company and its Owner's account. */
export interface SignupForm {
  companyName: string;
  name: string;
  email: string;
  password: string;
}

/**
 * POST /api/signup: creates the company (on the trial) and its Owner, and sets the session cookie.
 * Answers the signed-in user; a refusal is an ApiError with the server's pt-BR text.
 */
export async function postSignup(form: SignupForm): Promise<Me> {
  const answer = await apiRequest<UserAnswer>('/api/signup', { method: 'POST', body: form });
  return answer.user;
}
