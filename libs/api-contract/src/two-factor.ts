import { z } from 'zod';
import { doneAnswerSchema, ok } from './answer.js';

/** POST /api/auth/2fa/setup: a new secret for the authenticator app; the QR code is a PNG data URL. */
export const twoFactorSetupSchema = ok({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/auth/2fa/enable: the 10 single-use recovery codes (shown this once) and the server's text. */
export const twoFactorEnabledSchema = ok({ recoveryCodes: z.array(z.string()), message: z.string() });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

/** POST /api/auth/2fa/disable. */
export const twoFactorDisabledSchema = doneAnswerSchema;
export type TwoFactorDisabled = z.infer<typeof twoFactorDisabledSchema>;
