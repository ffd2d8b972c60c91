import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';

export const channelDrivers = ['sandbox', 'wwebjs'] as const;
export type ChannelDriver = (typeof channelDrivers)[number];

export const QR_CODE_PREFIX = 'data:image/png;base64,';
export const QR_CODE_MAX = 200_000;
export const SUPPORT_NAME_MAX = 100;

const sessionId = z.string().min(1);
/** International format, digits only (e.g. 5511999999999). */
export const phoneNumberSchema = z.string().regex(/^\d{8,15}$/);

export const ChannelSessionRequested = defineEvent(
  'ChannelSessionRequested',
  z.object({
    sessionId,
    workspaceId: z.string().min(1),
    channel: z.literal('whatsapp'),
    driver: z.enum(channelDrivers),
    userId: z.string().min(1),
    phoneNumber: phoneNumberSchema,
    name: z.string().min(1).max(SUPPORT_NAME_MAX),
  }),
);
export const ChannelQrIssued = defineEvent(
  'ChannelQrIssued',
  z.object({
    sessionId,
    qrCode: z
      .string()
      .startsWith(QR_CODE_PREFIX)
      .min(QR_CODE_PREFIX.length + 1)
      .max(QR_CODE_MAX),
  }),
);
export const ChannelConnected = defineEvent(
  'ChannelConnected',
  z.object({ sessionId, phoneNumber: phoneNumberSchema.nullable() }),
);
export const ChannelDisconnected = defineEvent(
  'ChannelDisconnected',
  z.object({ sessionId, reason: z.string().min(1).max(500) }),
);
export const ChannelFailed = defineEvent(
  'ChannelFailed',
  z.object({
    sessionId,
    error: z.string().min(1).max(2000),
    retryInMs: z.number().int().nonnegative().nullable(),
  }),
);

export const channelSessionEventDefinitions = [
  ChannelSessionRequested,
  ChannelQrIssued,
  ChannelConnected,
  ChannelDisconnected,
  ChannelFailed,
] as const;

export type ChannelSessionEvent =
  | EventOf<typeof ChannelSessionRequested>
  | EventOf<typeof ChannelQrIssued>
  | EventOf<typeof ChannelConnected>
  | EventOf<typeof ChannelDisconnected>
  | EventOf<typeof ChannelFailed>;
