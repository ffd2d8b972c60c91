import type { HttpAnswer, HttpClient } from './http-client.js';
import { NotRetryable, answerCode, untilAcknowledged } from './until-acknowledged.js';

/** The sandbox token the reliability run gives the process it starts (ATENDE_SANDBOX_TOKEN). */
export const RELIABILITY_SANDBOX_TOKEN = `reliability-${process.pid}-sandbox-token`;

export const SESSION_ID = 'demo-sandbox';

/** mulberry32: a small seeded generator, so a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One customer message of a phase: phone, deterministic providerMessageId and text. */
export interface Inbound {
  from: string;
  name: string;
  text: string;
  providerMessageId: string;
}

/**
 * The customers of a phase: `5511<digit><7 digits>` (12 digits; a conversation's `customerId`).
 * Each phase has its own digit, so its conversations can be told apart.
 */
export function phone(phaseDigit: number, customer: number): string {
  return `5511${phaseDigit}${String(customer).padStart(7, '0')}`;
}

/** Message `n` of a phase: customer `n % customers`, id `rel-<tag>-<n>`, text `<tag>:<n>`. */
export function inboundOf(tag: string, phaseDigit: number, customers: number, n: number): Inbound {
  const customer = n % customers;
  return {
    from: phone(phaseDigit, customer),
    name: `Cliente ${tag.toUpperCase()}${customer}`,
    text: `${tag}:${n}`,
    providerMessageId: `rel-${tag}-${n}`,
  };
}

export interface Delivered {
  conversationId: string;
  messageId: string;
  /** Requests it took (1 = first try). */
  attempts: number;
  /** From the first request to the 200 (ms). */
  ms: number;
}

/** What the deliveries saw; shared by a phase's senders. */
export class SendStats {
  acked = 0;
  requests = 0;
  /** Requests that failed on the network (connection refused/reset while the process was down). */
  networkErrors = 0;
  /** 503 NOT_RECORDED and 409 session-not-connected answers (retryable). */
  retryableAnswers = 0;
  /** Any other non-200 answer: a violation (the driver only sends valid messages). */
  unexpected: string[] = [];
}

/** The sandbox's "not now" answers: the log could not take it this moment, the session is reconnecting. */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set([
  'NOT_RECORDED',
  'SANDBOX_SESSION_NOT_CONNECTED',
]);

/** Unexpected answers are sent again this many times in all (a violation either way) before giving up. */
const UNEXPECTED_ATTEMPTS = 5;

/**
 * Delivers one customer message through the sandbox, retrying until it is acknowledged (200: it
 * is in the event log). Gives up only after `giveUpMs` (default 180 s) without an acknowledgement,
 * or when `signal` aborts (another sender of the pool failed). `retryable`: the answer codes sent
 * again (default RETRYABLE_CODES).
 */
export async function deliver(
  client: HttpClient,
  message: Inbound,
  stats: SendStats,
  options: { giveUpMs?: number; signal?: AbortSignal; retryable?: ReadonlySet<string> } = {},
): Promise<Delivered> {
  const acked = await untilAcknowledged(
    message.providerMessageId,
    async (attempt) => {
      stats.requests += 1;
      let answer: HttpAnswer;
      try {
        answer = await client.request('POST', '/api/sandbox/whatsapp/inbound', {
          body: { sessionId: SESSION_ID, ...message },
          headers: { 'x-sandbox-token': RELIABILITY_SANDBOX_TOKEN },
          timeoutMs: 30_000,
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        stats.networkErrors += 1;
        throw error;
      }
      if (answer.status === 200) return answer.text;
      const failure = `${answer.status} ${answer.text.slice(0, 200)}`;
      if ((options.retryable ?? RETRYABLE_CODES).has(answerCode(answer.text))) {
        stats.retryableAnswers += 1;
        throw new Error(failure);
      }
      stats.unexpected.push(`${message.providerMessageId}: ${failure}`);
      throw attempt >= UNEXPECTED_ATTEMPTS ? new NotRetryable(failure) : new Error(failure);
    },
    // Short pauses: the run measures ingest including restarts, and a restart takes seconds.
    { deadlineMs: options.giveUpMs ?? 180_000, firstDelayMs: 20, maxDelayMs: 250, signal: options.signal },
  );
  const body = JSON.parse(acked.value) as { conversationId: string; messageId: string };
  stats.acked += 1;
  return {
    conversationId: body.conversationId,
    messageId: body.messageId,
    attempts: acked.attempts,
    ms: acked.ms,
  };
}
