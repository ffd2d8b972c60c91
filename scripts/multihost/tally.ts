/**
 * Where each acknowledged message ended up, counted in every place it must be exactly once: the
 * PostgreSQL log, the API (read models in Redis), each agent socket, the sandbox phone's memory (Redis).
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import type { InboxReader } from '../reliability/checks.js';
import { SESSION_ID } from '../reliability/sender.js';

/** One message as the places know it: its text (API, sockets) and its id (log, phone). */
export interface Item {
  text: string;
  id: string;
}

/** A place and how many times it holds a message. */
export interface Place {
  name: string;
  times(item: Item): number;
}

export interface Outcome {
  acknowledged: number;
  /** Per place: messages found there at least once. */
  found: Record<string, number>;
  /** Acknowledged but missing from at least one place. */
  lost: number;
  /** Held more than once by at least one place. */
  duplicated: number;
  /** The first few lost or duplicated messages, with where. */
  examples: string[];
}

const countInto = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

export function evaluate(items: Item[], places: Place[]): Outcome {
  const found: Record<string, number> = Object.fromEntries(places.map((p) => [p.name, 0]));
  let lost = 0;
  let duplicated = 0;
  const examples: string[] = [];
  for (const item of items) {
    const missing: string[] = [];
    const twice: string[] = [];
    for (const place of places) {
      const times = place.times(item);
      if (times > 0) found[place.name]! += 1;
      else missing.push(place.name);
      if (times > 1) twice.push(`${place.name} ×${times}`);
    }
    if (missing.length > 0) lost += 1;
    if (twice.length > 0) duplicated += 1;
    if ((missing.length > 0 || twice.length > 0) && examples.length < 5) {
      examples.push(
        `${item.text} (${item.id}): ${[missing.length ? `missing in ${missing.join(', ')}` : '', twice.join(', ')].filter(Boolean).join('; ')}`,
      );
    }
  }
  return { acknowledged: items.length, found, lost, duplicated, examples };
}

/** The log's side: customer messages by providerMessageId, agent messages by message id. */
export async function logTally(
  eventStoreUrl: string,
): Promise<{ inbound: Map<string, number>; outbound: Map<string, number> }> {
  const client = new pg.Client({ connectionString: eventStoreUrl });
  await client.connect();
  try {
    // Ids are not sealed (only contents, names and phones are): plain SQL reads them.
    const { rows } = await client.query<{ type: string; id: string }>(
      `SELECT type, CASE type WHEN 'InboundMessageReceived' THEN data->>'providerMessageId'
         ELSE data->>'messageId' END AS id
       FROM atende.events WHERE type IN ('InboundMessageReceived', 'OutboundMessageRequested')`,
    );
    const inbound = new Map<string, number>();
    const outbound = new Map<string, number>();
    for (const row of rows) countInto(row.type === 'InboundMessageReceived' ? inbound : outbound, row.id);
    return { inbound, outbound };
  } finally {
    await client.end();
  }
}

/**
 * The API's side, as the demo owner reads it: customer texts and agent message ids on the
 * messages endpoint, every conversation (the conversation rows too, for the count checks).
 */
export async function apiTally(inbox: InboxReader) {
  const conversations = await inbox.conversations();
  const messages = await inbox.messagesOf(conversations.map((c) => c.id));
  const texts = new Map<string, number>();
  const agentIds = new Map<string, number>();
  for (const list of messages.values()) {
    for (const m of list) {
      if (m.sender === 'customer') countInto(texts, m.content);
      else countInto(agentIds, m.id);
    }
  }
  return { conversations, texts, agentIds };
}

/**
 * What the sandbox phone received from agents, by message id: the phone's memory is the
 * deployment's (Redis, `<prefix>sandbox:outbox:<session>`, one entry per message id), as WhatsApp
 * is every worker's. A retried send the phone already took answers with the first one (the send
 * path asks the phone before sending again), so the phone counts each id once by construction; a
 * duplicate reply shows in the log and the API columns instead.
 */
export async function phoneTally(redisUrl: string, prefix: string): Promise<Map<string, number>> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const ids = new Map<string, number>();
    for (const id of await redis.hkeys(`${prefix}sandbox:outbox:${SESSION_ID}`)) countInto(ids, id);
    return ids;
  } finally {
    redis.disconnect();
  }
}

/** Σ messageCount of the conversations whose customer's phone matches `phones`: a cheap progress probe. */
export async function storedCount(inbox: InboxReader, phones: RegExp): Promise<number> {
  return (await inbox.conversations())
    .filter((c) => phones.test(c.customerId))
    .reduce((n, c) => n + c.messageCount, 0);
}
