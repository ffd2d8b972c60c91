import type { ChannelDriver } from './events.js';

export type ChannelSessionCommand =
  | {
      /** Stream `channel-{sessionId}`. Also reconnects a disconnected or failed session. */
      type: 'RequestChannelSession';
      data: {
        sessionId: string;
        workspaceId: string;
        driver: ChannelDriver;
        userId: string;
        /** As typed: non-digits are stripped. */
        phoneNumber: string;
        /** Support name; blank means 'Suporte'. */
        name?: string | null;
      };
    }
  | { type: 'IssueQr'; data: { qrCode: string } }
  | { type: 'MarkConnected'; data: { phoneNumber?: string | null } }
  | { type: 'MarkDisconnected'; data: { reason: string } }
  | { type: 'MarkFailed'; data: { error: string; retryInMs: number | null } };
