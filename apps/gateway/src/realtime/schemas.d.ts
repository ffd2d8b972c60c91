import { z } from 'zod';
/** `join:user`: the spec's client sends the user id itself; `{ userId }` is accepted too. */
export declare const joinUserSchema: z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
    userId: z.ZodString;
}, z.core.$strict>]>;
/** `resume`: the last global position the client saw. */
export declare const resumeSchema: z.ZodObject<{
    lastPosition: z.ZodNumber;
}, z.core.$strict>;
/** Handshake `auth`: optionally the last position seen (reconnect), which resumes from there. */
export declare const handshakeAuthSchema: z.ZodObject<{
    lastPosition: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
}, z.core.$strip>;
export interface AckError {
    success: false;
    error: string;
    code: 'VALIDATION_ERROR' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'INTERNAL_ERROR';
}
export interface JoinAck {
    success: true;
    userId: string;
    /** Live changes follow this position (after any replay). */
    position: number;
}
export interface ResumeAck {
    success: true;
    /** Socket events sent by the replay. */
    replayed: number;
    /** Live changes follow this position. */
    position: number;
}
export declare const ackErrors: {
    readonly validation: () => AckError;
    readonly forbidden: () => AckError;
    readonly internal: () => AckError;
};
