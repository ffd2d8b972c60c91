import { z } from 'zod';
import { defineEvent } from '../core/define-event.js';

/** What a person types to confirm 'Desativar conta permanentemente' (checked by the client and the server). */
export const DEACTIVATE_ACCOUNT_CONFIRMATION = 'DESATIVAR';

/**
 * 'Desativar conta permanentemente' (stream `user-{id}`): the account can no longer sign in, and
 * its sessions end. `byUserId` is who did it (the user themself).
 */
export const UserDeactivated = defineEvent(
  'UserDeactivated',
  z.object({ userId: z.string().min(1), byUserId: z.string().min(1) }),
);
