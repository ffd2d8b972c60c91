import { z } from 'zod';
import {
  sandboxAckAnswerSchema,
  sandboxInboundAnswerSchema,
  sandboxOutboxAnswerSchema,
  sandboxScanAnswerSchema,
} from '@atende/api-contract';
import { HttpError } from '../../http/errors.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';

export const SANDBOX_MESSAGE_TYPES = ['text', 'image', 'video', 'audio', 'document'] as const;
export type SandboxRouteMessageType = (typeof SANDBOX_MESSAGE_TYPES)[number];

/**
 * What the routes need from the sandbox phone; `SandboxChannel` (@atende/channel-worker,
 * src/sandbox) has this shape. Its refusals are errors named `SandboxError` with a `code`.
 */
export interface SandboxPhone {
  /** Settles when what the phone reported so far is in the event log (rejects if it could not be). */
  delivered(): Promise<void>;
  scan(sessionId: string): void;
  inbound(
    sessionId: string,
    input: {
      from: string;
      name?: string | null;
      text?: string | null;
      type?: SandboxRouteMessageType | null;
      mediaUrl?: string | null;
      providerMessageId?: string | null;
    },
  ): { providerMessageId: string; chatId: string; messageId: string };
  ack(sessionId: string, providerMessageId: string, status: 'delivered' | 'read'): void;
  outbox(sessionId: string): readonly {
    providerMessageId: string;
    messageId: string;
    chatId: string;
    content: string;
    type: string;
    sentAt: string;
    media?: { sha256: string; mimeType: string; fileName: string; size: number };
  }[];
}

const SANDBOX_STATUS: Record<string, number> = {
  SANDBOX_SESSION_NOT_FOUND: 404,
  SANDBOX_MESSAGE_NOT_FOUND: 404,
  SANDBOX_SESSION_NOT_CONNECTED: 409,
  // Several channel workers: the session runs on another one, whose controls answer for it.
  SANDBOX_SESSION_NOT_HERE: 421,
  SANDBOX_INVALID_INPUT: 400,
};

/** Runs a sandbox control; its typed refusals become HTTP answers (404, 409, 421, 400). */
function control<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (error instanceof Error && error.name === 'SandboxError' && typeof code === 'string') {
      throw new HttpError(SANDBOX_STATUS[code] ?? 400, code, error.message);
    }
    throw error;
  }
}

const sessionId = z.string().trim().min(1).max(200);
const digits = (value: string) => value.replace(/\D/g, '');

const scanBody = z.strictObject({ sessionId });

const inboundBody = z
  .strictObject({
    sessionId,
    from: z
      .string()
      .max(40)
      .refine((value) => digits(value).length >= 8 && digits(value).length <= 15, {
        message: 'Número do contato inválido',
      }),
    name: z.string().max(200).optional(),
    text: z.string().max(4096).optional(),
    type: z.enum(SANDBOX_MESSAGE_TYPES).optional(),
    mediaUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    providerMessageId: z.string().trim().min(1).max(200).optional(),
  })
  .refine((body) => (body.type ?? 'text') !== 'text' || (body.text ?? '').trim().length > 0, {
    message: 'Mensagem vazia',
    path: ['text'],
  });

const ackBody = z.strictObject({
  sessionId,
  providerMessageId: z.string().trim().min(1).max(200),
  status: z.enum(['delivered', 'read']),
});

const outboxQuery = z.strictObject({ sessionId });

/**
 * The WhatsApp sandbox (DESIGN §4): it plays the customer's phone, so it needs no session
 * (`public`). Mount it only when the sandbox driver is on.
 */
/** Answers the phone only once what it reported is in the event log (the message is then safe). */
async function recorded(sandbox: SandboxPhone): Promise<void> {
  try {
    await sandbox.delivered();
  } catch {
    throw new HttpError(503, 'NOT_RECORDED', 'Não foi possível registrar agora. Tente novamente.');
  }
}

export function sandboxRoutes(
  sandbox: SandboxPhone,
  /** The conversation id the chat was recorded under (a pseudonym of the address); default the address. */
  conversationIdOf: (sessionId: string, address: string) => Promise<string | undefined> = async (_s, a) => a,
  /**
   * Resolves once the read models show what the log holds now (the process's projector), so the
   * conversation an answer names can be opened at once; none where the phone runs apart from them.
   */
  shown: () => Promise<unknown> = async () => undefined,
): RouteDefinition[] {
  const recordedAndShown = async () => {
    await recorded(sandbox);
    await shown();
  };
  return [
    defineRoute({
      method: 'post',
      path: '/api/sandbox/whatsapp/scan',
      summary: 'Sandbox phone scans the QR code: the session connects',
      tag: 'sandbox',
      auth: 'public',
      body: scanBody,
      response: sandboxScanAnswerSchema,
      handler: async ({ body }) => {
        control(() => sandbox.scan(body.sessionId));
        await recordedAndShown();
        return { success: true, sessionId: body.sessionId, connected: true };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/sandbox/whatsapp/inbound',
      summary: 'A customer sends a message to the sandbox session (same providerMessageId: no change)',
      tag: 'sandbox',
      auth: 'public',
      body: inboundBody,
      response: sandboxInboundAnswerSchema,
      handler: async ({ body }) => {
        const result = control(() =>
          sandbox.inbound(body.sessionId, {
            from: digits(body.from),
            name: body.name ?? null,
            text: body.text ?? null,
            type: body.type ?? 'text',
            mediaUrl: body.mediaUrl ?? null,
            providerMessageId: body.providerMessageId ?? null,
          }),
        );
        await recordedAndShown();
        const conversationId = (await conversationIdOf(body.sessionId, result.chatId)) ?? result.chatId;
        return { success: true, conversationId, messageId: result.messageId };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/sandbox/whatsapp/ack',
      summary: 'The sandbox phone reports a message from an agent as delivered or read',
      tag: 'sandbox',
      auth: 'public',
      body: ackBody,
      response: sandboxAckAnswerSchema,
      handler: async ({ body }) => {
        control(() => sandbox.ack(body.sessionId, body.providerMessageId, body.status));
        await recordedAndShown();
        return { success: true };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/sandbox/whatsapp/outbox',
      summary: 'What the sandbox phone received from agents, oldest first',
      tag: 'sandbox',
      auth: 'public',
      query: outboxQuery,
      response: sandboxOutboxAnswerSchema,
      handler: async ({ query }) => {
        const messages = control(() => sandbox.outbox(query.sessionId));
        return { success: true, messages: [...messages] };
      },
    }),
  ];
}
