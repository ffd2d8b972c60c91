import type { StoredEvent } from '@atende/events';
import type { GatewayHarness } from '../testing/harness.js';
import type { SweepCase } from './cases.js';

/** Who sends a case. */
export interface Caller {
  /** 'anonymous', 'owner', 'agent', 'foreign-owner' (bad-input sweep), or a role of another workspace. */
  name: string;
  cookie?: string;
  userId?: string;
}

export interface Expectation {
  /** The answer must be 4xx (bad input, no session, no permission, another workspace's ids). */
  mustRefuse: boolean;
  /** The caller belongs to another workspace: nothing of the demo workspace may be read or written. */
  crossWorkspace: boolean;
  /** Texts the answer must not contain (another workspace's or a hidden conversation's data). */
  forbiddenTexts: readonly string[];
  /**
   * The operation writes through the channel (the sandbox phone's calls), whose events carry no
   * request id: any event during a refused call counts as its write (these run while all is quiet).
   */
  writesThroughChannel: boolean;
}

export interface Problem {
  operation: string;
  caller: string;
  label: string;
  status: number;
  reason:
    | '5xx'
    | 'error-shape'
    | 'accepted-bad-input'
    | 'wrote-on-refusal'
    | 'late-write-on-refusal'
    | 'cross-workspace-write'
    | 'data-leak'
    | 'no-answer';
  detail: string;
}

const AUDIT_TYPE = 'AccessDenied';

/**
 * The summary AuditBursts records when a burst's window closes (a minute after its first refusal,
 * so during some later request): it carries a correlation id of its own, no request's.
 */
const isBurstSummary = (e: StoredEvent) =>
  e.type === AUDIT_TYPE && typeof (e.data as { burst?: unknown }).burst === 'number';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends cases one at a time and checks every answer: never 5xx; a 4xx is JSON
 * `{ success:false, error, code }` and wrote no event (an AccessDenied audit event is allowed for a
 * 403); cross-workspace callers neither read nor write the demo workspace's data.
 *
 * Which request wrote an event: each case is sent with its own `x-request-id`, which the gateway
 * puts in the metadata (`correlationId`) of every event a request appends (commands/execute.ts,
 * http/deny-access.ts — the only writers on a request's path). Events without one come from the
 * channel in the background (a send the sandbox delivers later, its acks, a QR), caused by earlier
 * accepted requests; they are only held against the sandbox phone's own calls, which write through
 * the channel and are swept while nothing else is under way.
 */
export class SweepRunner {
  readonly problems: Problem[] = [];
  readonly casesPerOperation = new Map<string, number>();
  /** `{operation} as {caller}` pairs that got at least one answer. */
  readonly answeredFor = new Set<string>();
  readonly statuses = new Map<number, number>();
  sent = 0;
  private seen = 0;
  private sequence = 0;
  /** Request ids of refused requests: an event carrying one of them later is a late write. */
  private readonly refused = new Map<string, { operation: string; caller: string; label: string }>();
  /** Request ids of accepted requests (their events may still be followed by the channel's). */
  private readonly accepted = new Set<string>();

  constructor(
    private readonly gw: GatewayHarness,
    private readonly demoWorkspaceId: string,
  ) {}

  private async position(): Promise<number> {
    return this.gw.atende.store.lastGlobalPosition();
  }

  private async eventsBetween(from: number, to: number): Promise<StoredEvent[]> {
    if (to <= from) return [];
    return this.gw.atende.store.readBatch(from + 1, to - from, { trusted: true });
  }

  /** Waits until nothing is written for `quietMs` (the channel reacting to a change) and the read models follow. */
  async settle(quietMs = 10): Promise<void> {
    let position = await this.position();
    for (let stable = 0; stable < 2;) {
      await sleep(quietMs / 2);
      const now = await this.position();
      stable = now === position ? stable + 1 : 0;
      position = now;
    }
    await this.gw.atende.projector.waitForPosition(position, 5000);
    await this.checkGap(position);
  }

  /** Events written between requests: one carrying a refused request's id is a late write on refusal. */
  private async checkGap(now: number): Promise<void> {
    if (now <= this.seen) return;
    for (const event of await this.eventsBetween(this.seen, now)) {
      const by = event.metadata.correlationId ? this.refused.get(event.metadata.correlationId) : undefined;
      if (by) {
        this.problems.push({
          ...by,
          status: 0,
          reason: 'late-write-on-refusal',
          detail: `${event.type} on ${event.streamId} after the answer`,
        });
      }
    }
    this.seen = now;
  }

  /** Sends one case and checks it; answers its status and body text (undefined when no answer came). */
  async run(
    operation: string,
    caller: Caller,
    c: SweepCase,
    expect: Expectation,
  ): Promise<{ status: number; text: string } | undefined> {
    this.sequence += 1;
    const requestId = `sweep-${this.sequence}`;
    const problem = (reason: Problem['reason'], status: number, detail: string) =>
      this.problems.push({ operation, caller: caller.name, label: c.label, status, reason, detail });

    await this.checkGap(await this.position());
    const before = this.seen;
    // The case's own headers win (a forged cookie replaces the caller's; an odd request id ours).
    const headers: Record<string, string> = {
      'x-request-id': requestId,
      // As the web client, unless the case plays a page of another site.
      ...(c.bare ? {} : { 'x-requested-with': 'XMLHttpRequest' }),
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      // The sandbox phone holds its token: its calls reach the handlers, like the phone's do.
      ...(c.url.startsWith('/api/sandbox/') && this.gw.atende.sandboxToken
        ? { 'x-sandbox-token': this.gw.atende.sandboxToken }
        : {}),
      ...c.headers,
    };
    let status: number;
    let text: string;
    let contentType: string;
    try {
      const res = await fetch(`${this.gw.url}${c.url}`, {
        method: c.method,
        headers,
        redirect: 'manual',
        ...(c.body !== undefined ? { body: c.body } : {}),
      });
      status = res.status;
      contentType = res.headers.get('content-type') ?? '';
      text = await res.text();
    } catch (error) {
      problem('no-answer', 0, String((error as Error).cause ?? error));
      return undefined;
    }
    this.sent += 1;
    this.casesPerOperation.set(operation, (this.casesPerOperation.get(operation) ?? 0) + 1);
    this.answeredFor.add(`${operation} as ${caller.name}`);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const after = await this.position();
    const events = await this.eventsBetween(before, after);
    this.seen = after;
    const mine = events.filter((e) =>
      isBurstSummary(e)
        ? false // the audit's own record of earlier refusals (AuditBursts), when their window closes
        : e.metadata.correlationId === undefined
          ? // The channel's reaction to an earlier event (a send going out) names that event as its cause.
            expect.writesThroughChannel && e.metadata.causationId === undefined
          : e.metadata.correlationId === requestId || !this.accepted.has(e.metadata.correlationId),
    );
    const describe = (list: readonly StoredEvent[]) =>
      list.map((e) => `${e.type} on ${e.streamId}`).join(', ');

    if (status >= 500) problem('5xx', status, text.slice(0, 300));
    if (status >= 400) {
      this.refused.set(requestId, { operation, caller: caller.name, label: c.label });
      const shapeError = errorShapeProblem(contentType, text);
      if (shapeError) problem('error-shape', status, shapeError);
      const wrong = mine.filter((e) => !(status === 403 && e.type === AUDIT_TYPE));
      if (wrong.length > 0) problem('wrote-on-refusal', status, describe(wrong));
    } else {
      this.accepted.add(requestId);
      if (expect.mustRefuse) problem('accepted-bad-input', status, text.slice(0, 200));
    }
    if (expect.crossWorkspace) {
      // Into the demo workspace, or onto a stream the demo workspace started (its note, its conversation).
      const intoDemo: StoredEvent[] = [];
      for (const e of mine) {
        const [first] = await this.gw.atende.store.readStream(e.streamId);
        const owner = first?.metadata.workspaceId ?? e.metadata.workspaceId;
        if (e.metadata.workspaceId === this.demoWorkspaceId || owner === this.demoWorkspaceId)
          intoDemo.push(e);
      }
      if (intoDemo.length > 0) problem('cross-workspace-write', status, describe(intoDemo));
    }
    // What the request itself carried may come back (an import answers the settings it was given).
    const asked = `${c.url} ${typeof c.body === 'string' ? c.body : ''}`;
    const leaked = expect.forbiddenTexts.filter((t) => text.includes(t) && !asked.includes(t));
    if (leaked.length > 0) problem('data-leak', status, `answer contains ${leaked.join(', ')}`);

    // The channel's calls: what they set going finishes before the next one is checked.
    if (expect.writesThroughChannel && status < 400 && events.length > 0) await this.settle();
    return { status, text };
  }

  /** The problems by kind (count, then the first `perKind` of each), for a failing test's message. */
  report(perKind = 12): string {
    const byReason = new Map<string, Problem[]>();
    for (const p of this.problems) byReason.set(p.reason, [...(byReason.get(p.reason) ?? []), p]);
    const lines: string[] = [];
    for (const [reason, list] of byReason) {
      lines.push(`${reason}: ${list.length}`);
      for (const p of list.slice(0, perKind)) {
        lines.push(`  ${p.status} ${p.operation} as ${p.caller} [${p.label}]: ${p.detail}`);
      }
      if (list.length > perKind) lines.push(`  … and ${list.length - perKind} more`);
    }
    return lines.join('\n');
  }
}

/** Why an error answer is not `{ success:false, error, code }` JSON, or undefined when it is. */
export function errorShapeProblem(contentType: string, text: string): string | undefined {
  if (!/application\/json/.test(contentType))
    return `content-type ${contentType || '(none)'}: ${text.slice(0, 100)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 100)}`;
  }
  const b = body as { success?: unknown; error?: unknown; code?: unknown } | null;
  if (b === null || typeof b !== 'object' || Array.isArray(b)) return `not an object: ${text.slice(0, 100)}`;
  if (b.success !== false) return `success is ${JSON.stringify(b.success)}`;
  if (typeof b.error !== 'string' || b.error.length === 0) return `error is ${JSON.stringify(b.error)}`;
  if (typeof b.code !== 'string' || b.code.length === 0) return `code is ${JSON.stringify(b.code)}`;
  return undefined;
}
