/**
 * The traffic of one phase: customers writing through the sandbox phone (whichever channel worker
 * answers), agents answering through both gateways, and a fault injected in the middle. Every
 * message is sent again until acknowledged; what was acknowledged is what the checks expect.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { HttpClient } from '../reliability/http-client.js';
import { runPool } from '../reliability/run-pool.js';
import { SendStats, deliver, inboundOf, sleep } from '../reliability/sender.js';
import { NotRetryable, isRetryableStatus, untilAcknowledged } from '../reliability/until-acknowledged.js';
import type { Item } from './tally.js';

/** A signed-in agent on one gateway (its client falls over to the other gateway when that one is down). */
export interface Agent {
  client: HttpClient;
  cookie: string;
}

export interface TrafficOptions {
  /** The sandbox phone: every channel worker. */
  phone: HttpClient;
  /** Answer codes the phone sends again (a worker restoring its sessions, another holding them). */
  retryable: ReadonlySet<string>;
  agents: Agent[];
  /** Conversations the agents answer in (their own customers, apart from the phases'). */
  replyConversations: string[];
  customers: number;
  /** Messages sent at full speed before the fault, and as many after it. */
  burst: number;
  concurrency: number;
  /** Messages per second while the fault lasts. */
  rate: number;
  /** Every `replyEvery`-th customer message is answered by an agent. */
  replyEvery: number;
}

export interface PhaseTraffic {
  /** Customer messages acknowledged (0..sent-1 when nothing failed). */
  inbound: Item[];
  /** Agent replies acknowledged by a gateway. */
  replies: Item[];
  sent: number;
  /** What the fault reported (e.g. how long the role took to come back). */
  faultFigure: string;
  failures: string[];
  stats: SendStats;
}

/** One agent reply, sent again (to either gateway) until a gateway accepted it. */
async function reply(agent: Agent, conversationId: string, text: string, signal: AbortSignal): Promise<Item> {
  const id = randomUUID(); // the same id on every retry: stored once
  await untilAcknowledged(
    `reply ${text}`,
    async () => {
      const answer = await agent.client.request('POST', '/api/whatsapp/send', {
        cookie: agent.cookie,
        body: { conversationId, content: text, clientMessageId: id },
        signal,
      });
      if (answer.status === 200) return;
      const failure = `reply ${text}: ${answer.status} ${answer.text.slice(0, 200)}`;
      throw isRetryableStatus(answer.status) ? new Error(failure) : new NotRetryable(failure);
    },
    { deadlineMs: 180_000, signal },
  );
  return { text, id };
}

/**
 * Runs one phase: `burst` messages, then the fault with messages at `rate` until it is over, then
 * `burst` more. Customer `n % customers` of the phase's phone digit writes message n.
 */
export async function runPhase(
  options: TrafficOptions,
  phase: { tag: string; digit: number; fault?: () => Promise<string> },
): Promise<PhaseTraffic> {
  const { tag, digit } = phase;
  const result: PhaseTraffic = {
    inbound: [],
    replies: [],
    sent: 0,
    faultFigure: '',
    failures: [],
    stats: new SendStats(),
  };
  const abort = new AbortController();
  setMaxListeners(0, abort.signal); // every send in flight listens to it
  const send = async (signal: AbortSignal) => {
    const n = result.sent;
    result.sent += 1;
    const message = inboundOf(tag, digit, options.customers, n);
    try {
      await deliver(options.phone, message, result.stats, { signal, retryable: options.retryable });
      result.inbound.push({ text: message.text, id: message.providerMessageId });
      if (n % options.replyEvery === 0) {
        const k = n / options.replyEvery;
        const agent = options.agents[k % options.agents.length]!;
        const conversation = options.replyConversations[k % options.replyConversations.length]!;
        result.replies.push(await reply(agent, conversation, `r${tag}:${n}`, signal));
      }
    } catch (error) {
      if (!abort.signal.aborted) result.failures.push((error as Error).message);
      abort.abort(error); // the others give up too: the phase has failed
    }
  };
  const burst = () =>
    runPool(options.burst, options.concurrency, async () => {
      if (!abort.signal.aborted) await send(abort.signal);
    });

  await burst();
  let over = false;
  const fault = (phase.fault?.() ?? Promise.resolve('')).then(
    (figure) => void (result.faultFigure = figure),
    (error: unknown) => void result.failures.push(`fault: ${(error as Error).message}`),
  );
  void fault.finally(() => (over = true));
  // While the fault lasts, a steady trickle (each send retried on its own until acknowledged).
  const during: Promise<void>[] = [];
  while (!over && !abort.signal.aborted) {
    during.push(send(abort.signal));
    await sleep(1000 / options.rate);
  }
  await fault;
  await Promise.all(during);
  if (!abort.signal.aborted) await burst();
  return result;
}
