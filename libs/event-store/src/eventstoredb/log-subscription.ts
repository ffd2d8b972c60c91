/**
 * Live subscriptions of the EventStoreDB adapter: a catch-up subscription to `$all` that follows
 * the appends of every process and resubscribes after drops. Apart from the adapter class
 * (eventstoredb-event-store.ts), which hands it its connection, names, erasure record and parser.
 */
import type { Readable } from 'node:stream';
import type { AllStreamRecordedEvent, AllStreamResolvedEvent, Filter, Position } from '@eventstore/db-client';
import {
  sleepUnlessAborted,
  type RawStoredEvent,
  type StoredEvent,
  type SubscribeOptions,
} from '@atende/events';
import { readAllEvents } from './client.js';
import { drainReadable } from './drain-readable.js';
import { isTransient } from './errors.js';
import { decodeRecorded } from './event-codec.js';
import { lastRecordBefore, type LogContext } from './log-pages.js';
import type { StreamNames } from './names.js';
import { normalizeFrom, readStartFor } from './positions.js';

/** What a subscription works with besides the log: when the store closes, and the parser. */
export interface SubscriptionContext extends LogContext {
  /** Aborted when the store closes: every subscription ends then. */
  closing: AbortSignal;
  parse(raw: RawStoredEvent, trusted: boolean): StoredEvent;
}

/**
 * How stale a live subscription's view of erasures may get: it reads the erasure record again
 * before handing over an event once this long has passed (a page read does it for every page).
 */
const SUBSCRIPTION_ERASURE_REFRESH_MS = 100;
/** Pause before resubscribing after the server or the connection dropped a subscription. */
const RESUBSCRIBE_DELAY_MS = 250;

/** Server-side filter of live subscriptions: our namespace, or at least no system events. */
function subscriptionFilter(names: StreamNames): Filter {
  return names.namespace
    ? { filterOn: 'streamName', prefixes: [names.namespace], checkpointInterval: 1000 }
    : { filterOn: 'eventType', regex: '^[^$]', checkpointInterval: 1000 };
}

/**
 * A catch-up subscription to `$all` (server-side filtered to our namespace, or to non-system
 * events), resubscribing from the last event seen when the connection drops. `batchSize` is not
 * used: the server pages the catch-up itself, and buffering is bounded by pausing the stream.
 */
export async function* subscribeToLog(
  ctx: SubscriptionContext,
  fromGlobalPosition: number,
  options: SubscribeOptions,
): AsyncGenerator<StoredEvent> {
  ctx.assertOpen();
  const from = normalizeFrom(fromGlobalPosition);
  const trusted = options.trusted ?? false;
  const signal = options.signal ? AbortSignal.any([options.signal, ctx.closing]) : ctx.closing;
  if (signal.aborted) return;
  const client = await ctx.client();
  await ctx.erasures.refresh();

  // Subscriptions start after a position (exclusive), and only at a record boundary: find the
  // record at `from`'s boundary (handing over its event when it is at `from` itself).
  let after: 'start' | Position = 'start';
  const start = readStartFor(from);
  if (start !== 'start') {
    let first: AllStreamRecordedEvent | undefined;
    let located = true;
    try {
      [first] = await readAllEvents(client, { direction: 'forwards', fromPosition: start, maxCount: 1 });
    } catch (error) {
      if (isTransient(error)) throw error;
      located = false; // not a position of ours: see pagesFrom
    }
    if (signal.aborted) return;
    if (!located) {
      after = (await lastRecordBefore(ctx, from)) ?? 'start';
    } else if (first !== undefined) {
      const raw = decodeRecorded(first, ctx.names);
      if (raw !== undefined && raw.globalPosition >= from && !ctx.erasures.isErased(raw)) {
        yield ctx.parse(raw, trusted);
      }
      after = first.position;
    } else {
      // Past the end of the log: follow from its current last record.
      const [last] = await readAllEvents(client, {
        direction: 'backwards',
        fromPosition: 'end',
        maxCount: 1,
      });
      after = last?.position ?? 'start';
    }
  }

  // Catch up from there, then follow live appends (of every process); resubscribe after drops.
  while (!signal.aborted) {
    const subscription = client.subscribeToAll({
      fromPosition: after,
      filter: subscriptionFilter(ctx.names),
    });
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      subscription.unsubscribe().catch(() => {});
    };
    signal.addEventListener('abort', stop, { once: true });
    const received = drainReadable<AllStreamResolvedEvent>(subscription as unknown as Readable, { signal });
    try {
      for await (const resolved of received) {
        const event = resolved.event;
        if (event === undefined) continue;
        const raw = decodeRecorded(event, ctx.names);
        const ours = raw !== undefined && raw.globalPosition >= from;
        // Before moving past the event: a failed read resubscribes at it.
        if (ours && ctx.erasures.isStale(SUBSCRIPTION_ERASURE_REFRESH_MS)) await ctx.erasures.refresh();
        after = event.position;
        if (ours && !ctx.erasures.isErased(raw)) yield ctx.parse(raw, trusted);
      }
    } catch (error) {
      if (signal.aborted) return;
      if (!isTransient(error)) throw error;
    } finally {
      signal.removeEventListener('abort', stop);
      stop();
    }
    await sleepUnlessAborted(RESUBSCRIBE_DELAY_MS, signal);
  }
}
