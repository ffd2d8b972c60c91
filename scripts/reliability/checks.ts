import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import type { HttpClient } from './http-client.js';
import { runPool } from './run-pool.js';

export interface ConversationRow {
  /** A pseudonym of the customer's WhatsApp id: the phone is `customerId`. */
  id: string;
  customerId: string;
  unreadCount: number;
  messageCount: number;
  [field: string]: unknown;
}

export interface MessageRow {
  id: string;
  content: string;
  sender: string;
  position: number;
  [field: string]: unknown;
}

/** The inbox as the demo owner reads it over the API. */
export class InboxReader {
  constructor(
    private readonly client: HttpClient,
    private readonly cookie: string,
  ) {}

  /** Every (non-archived) conversation, following `nextCursor`. */
  async conversations(): Promise<ConversationRow[]> {
    const rows: ConversationRow[] = [];
    let before: number | null | undefined;
    do {
      const page = await this.client.json<{ conversations: ConversationRow[]; nextCursor: number | null }>(
        'GET',
        `/api/whatsapp/conversations?limit=500${before ? `&before=${before}` : ''}`,
        { cookie: this.cookie },
      );
      rows.push(...page.conversations);
      before = page.nextCursor;
    } while (before);
    return rows;
  }

  /**
   * Every message of a conversation, oldest first, following `before` pages back in pages of 100,
   * the spec's page (larger pages are limited per member, as an expensive call).
   */
  async messages(conversationId: string): Promise<MessageRow[]> {
    const rows: MessageRow[] = [];
    let before: number | null | undefined;
    do {
      const page = await this.client.json<{ messages: MessageRow[]; nextCursor: number | null }>(
        'GET',
        `/api/whatsapp/messages/${encodeURIComponent(conversationId)}?limit=100${before ? `&before=${before}` : ''}`,
        { cookie: this.cookie },
      );
      rows.unshift(...page.messages);
      before = page.nextCursor;
    } while (before);
    return rows;
  }

  async stats(): Promise<Record<string, unknown>> {
    return (
      await this.client.json<{ stats: Record<string, unknown> }>('GET', '/api/conversations/stats', {
        cookie: this.cookie,
      })
    ).stats;
  }

  /** Messages of many conversations, a few requests at a time. */
  async messagesOf(conversationIds: string[], concurrency = 8): Promise<Map<string, MessageRow[]>> {
    const out = new Map<string, MessageRow[]>();
    await runPool(conversationIds.length, concurrency, async (i) => {
      const id = conversationIds[i]!;
      out.set(id, await this.messages(id));
    });
    return out;
  }
}

/** A batch of customer messages sent by one case: which conversations and texts to expect. */
export interface PhaseSpec {
  /** Case name in the report. */
  name: string;
  /** Text prefix and providerMessageId infix (`rel-<tag>-<n>`, text `<tag>:<n>`). */
  tag: string;
  /** The phone digit of the phase's customers (`5511<digit>…`). */
  phaseDigit: number;
  customers: number;
  /** Messages 0..messages-1 were acknowledged. */
  messages: number;
}

export interface PhaseFigures {
  conversations: number;
  storedMessages: number;
  messageCountSum: number;
  unreadSum: number;
}

/**
 * Checks one phase through the API: one conversation per customer, `messageCount` and
 * `unreadCount` equal to the customer's number of (inbound) messages, and the messages endpoint
 * holding each text exactly once with no duplicate id. Violations are pushed to `violations`.
 */
export async function verifyPhaseThroughApi(
  inbox: InboxReader,
  spec: PhaseSpec,
  violations: string[],
  known?: { conversations: ConversationRow[] },
): Promise<PhaseFigures> {
  const problems: string[] = [];
  const prefix = `5511${spec.phaseDigit}`;
  const all = known?.conversations ?? (await inbox.conversations());
  const rows = all.filter((r) => r.customerId.startsWith(prefix));
  const expectedOf = (customer: number) =>
    Math.floor(spec.messages / spec.customers) + (customer < spec.messages % spec.customers ? 1 : 0);
  const expectedConversations = Math.min(spec.customers, spec.messages);
  if (rows.length !== expectedConversations) {
    problems.push(`${rows.length} conversations, expected ${expectedConversations}`);
  }
  if (new Set(rows.map((r) => r.id)).size !== rows.length) problems.push('a conversation is listed twice');
  const messages = await inbox.messagesOf(rows.map((r) => r.id));
  const seenIds = new Set<string>();
  const seenTexts = new Set<number>();
  let duplicateIds = 0;
  let duplicateTexts = 0;
  let stored = 0;
  for (const row of rows) {
    const customer = Number(row.customerId.slice(prefix.length, prefix.length + 7));
    const expected = expectedOf(customer);
    const list = messages.get(row.id) ?? [];
    stored += list.length;
    if (row.messageCount !== expected)
      problems.push(`${row.id}: messageCount ${row.messageCount}, expected ${expected}`);
    if (row.unreadCount !== expected)
      problems.push(`${row.id}: unreadCount ${row.unreadCount}, expected ${expected}`);
    if (list.length !== row.messageCount) {
      problems.push(
        `${row.id}: the messages endpoint has ${list.length}, messageCount says ${row.messageCount}`,
      );
    }
    for (const m of list) {
      if (seenIds.has(m.id)) duplicateIds += 1;
      seenIds.add(m.id);
      const match = new RegExp(`^${spec.tag}:(\\d+)$`).exec(m.content);
      const n = match ? Number(match[1]) : NaN;
      if (
        m.sender !== 'customer' ||
        !Number.isInteger(n) ||
        n >= spec.messages ||
        n % spec.customers !== customer
      ) {
        problems.push(
          `${row.id}: unexpected message ${JSON.stringify({ id: m.id, content: m.content, sender: m.sender })}`,
        );
        continue;
      }
      if (seenTexts.has(n)) duplicateTexts += 1;
      seenTexts.add(n);
    }
  }
  if (duplicateIds > 0) problems.push(`${duplicateIds} duplicate message ids on the messages endpoint`);
  if (duplicateTexts > 0) problems.push(`${duplicateTexts} messages stored twice (same text)`);
  if (seenTexts.size !== spec.messages) {
    problems.push(
      `${seenTexts.size} distinct messages on the messages endpoint, expected ${spec.messages} (lost ${spec.messages - seenTexts.size})`,
    );
  }
  const figures: PhaseFigures = {
    conversations: rows.length,
    storedMessages: stored,
    messageCountSum: rows.reduce((n, r) => n + r.messageCount, 0),
    unreadSum: rows.reduce((n, r) => n + r.unreadCount, 0),
  };
  if (figures.messageCountSum !== spec.messages) {
    problems.push(`sum of messageCount ${figures.messageCountSum}, expected ${spec.messages}`);
  }
  for (const p of problems.slice(0, 20)) violations.push(`${spec.name} (API): ${p}`);
  if (problems.length > 20) violations.push(`${spec.name} (API): … and ${problems.length - 20} more`);
  return figures;
}

export interface EventLogFigures {
  events: number;
  inbound: number;
  /** providerMessageIds (per session) recorded more than once. */
  duplicateProviderIds: number;
  duplicateMessageIds: number;
  duplicateConversationStarts: number;
  duplicateEventIds: number;
  /** Inbound events per phase tag (`rel-<tag>-…`). */
  inboundByTag: Map<string, number>;
}

/** Reads the SQLite event log read-only (the process may be running: WAL allows it). */
export function readEventLog(file: string): EventLogFigures {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const events = (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
    const duplicateEventIds = (
      db
        .prepare(
          'SELECT COUNT(*) AS n FROM (SELECT event_id FROM events GROUP BY event_id HAVING COUNT(*) > 1)',
        )
        .get() as {
        n: number;
      }
    ).n;
    const providerIds = new Map<string, number>();
    const messageIds = new Map<string, number>();
    const inboundByTag = new Map<string, number>();
    let inbound = 0;
    const rows = db
      .prepare("SELECT data FROM events WHERE type = 'InboundMessageReceived'")
      .pluck()
      .iterate() as IterableIterator<string>;
    for (const text of rows) {
      const data = JSON.parse(text) as { sessionId: string; providerMessageId: string; messageId: string };
      inbound += 1;
      const key = `${data.sessionId}:${data.providerMessageId}`;
      providerIds.set(key, (providerIds.get(key) ?? 0) + 1);
      messageIds.set(data.messageId, (messageIds.get(data.messageId) ?? 0) + 1);
      const tag = /^rel-([a-z]+)-\d+$/.exec(data.providerMessageId)?.[1];
      if (tag) inboundByTag.set(tag, (inboundByTag.get(tag) ?? 0) + 1);
    }
    const starts = new Map<string, number>();
    const startRows = db
      .prepare("SELECT stream_id FROM events WHERE type = 'ConversationStarted'")
      .pluck()
      .iterate() as IterableIterator<string>;
    for (const stream of startRows) starts.set(stream, (starts.get(stream) ?? 0) + 1);
    const over = (m: Map<string, number>) => [...m.values()].filter((n) => n > 1).length;
    return {
      events,
      inbound,
      duplicateProviderIds: over(providerIds),
      duplicateMessageIds: over(messageIds),
      duplicateConversationStarts: over(starts),
      duplicateEventIds,
      inboundByTag,
    };
  } finally {
    db.close();
  }
}

/** The event log's side of a set of phases: each acknowledged message recorded exactly once. */
export function verifyEventLog(log: EventLogFigures, specs: PhaseSpec[], violations: string[]): void {
  if (log.duplicateProviderIds > 0)
    violations.push(`event log: ${log.duplicateProviderIds} providerMessageIds recorded twice`);
  if (log.duplicateMessageIds > 0)
    violations.push(`event log: ${log.duplicateMessageIds} message ids recorded twice`);
  if (log.duplicateConversationStarts > 0) {
    violations.push(`event log: ${log.duplicateConversationStarts} conversations started twice`);
  }
  if (log.duplicateEventIds > 0) violations.push(`event log: ${log.duplicateEventIds} duplicate event ids`);
  for (const spec of specs) {
    const n = log.inboundByTag.get(spec.tag) ?? 0;
    if (n !== spec.messages)
      violations.push(`${spec.name} (event log): ${n} inbound events, expected ${spec.messages}`);
  }
}

/** The read models as the API serves them: stats, conversations and all their messages. */
export interface Snapshot {
  stats: Record<string, unknown>;
  conversations: ConversationRow[];
  messages: Record<string, MessageRow[]>;
}

export async function snapshot(inbox: InboxReader): Promise<Snapshot> {
  const conversations = (await inbox.conversations()).sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const messages = await inbox.messagesOf(conversations.map((c) => c.id));
  return {
    stats: await inbox.stats(),
    conversations,
    messages: Object.fromEntries([...messages.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}

/** The first place two JSON values differ (a path and both values), or undefined when equal. */
export function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    if (Array.isArray(a) && a.length !== (b as unknown[]).length) {
      return `${path}: length ${a.length} vs ${(b as unknown[]).length}`;
    }
    for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      const found = firstDifference(ra[key], rb[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  const show = (v: unknown) => JSON.stringify(v)?.slice(0, 200) ?? 'undefined';
  return `${path}: ${show(a)} vs ${show(b)}`;
}
