/**
 * Appends of the EventStoreDB adapter: one write per event id (claimed first, so a retry anywhere
 * gets the positions of the first write), at the expected version callers see, which leaves erased
 * events out. Apart from the adapter class (eventstoredb-event-store.ts), which validates first.
 */
import type { AppendExpectedRevision, EventData, RecordedEvent } from '@eventstore/db-client';
import type { AppendOptions, AppendResult, ExpectedVersion, NewEvent } from '@atende/events';
import { WrongExpectedVersionError } from '@atende/events';
import type { EsdbClaimBackend } from './claim-streams.js';
import { readStreamEvents, type EsdbClient } from './client.js';
import {
  actualRevisionOf,
  appendDidNotWrite,
  isConflict,
  isStreamDeleted,
  toWrongExpectedVersion,
} from './errors.js';
import type { EventIdClaims } from './event-id-claims.js';
import { decodeRecorded, encodeEvent } from './event-codec.js';
import { fromCurrentRevision, toExpectedRevision } from './expected-version.js';
import type { LogContext } from './log-pages.js';
import { globalPositionOf } from './positions.js';

/** Events read per round trip when looking for a stream's last event that is not erased. */
const VERSION_PAGE = 20;
/** Appends retried past a stream's erased last events (they may keep being erased meanwhile). */
const ERASED_TAIL_RETRIES = 3;

/** What an append works with besides the log: the event-id claims. */
export interface AppendContext extends LogContext {
  claims: EventIdClaims;
  claimBackend: EsdbClaimBackend;
}

/** Writes the events of `streamId` (validated by the caller) that are not stored yet. */
export async function appendEvents(
  ctx: AppendContext,
  streamId: string,
  events: readonly NewEvent[],
  options: AppendOptions,
): Promise<AppendResult> {
  const expected = options.expectedVersion ?? 'any';
  const revision = toExpectedRevision(expected);
  const client = await ctx.client();
  const stream = ctx.names.toEsdb(streamId);
  // One write per event id: a repeated id in the batch gets the position of its first occurrence.
  const keys = events.map((event) => event.metadata.eventId.toLowerCase());
  const firstOf = new Map<string, NewEvent>();
  keys.forEach((key, i) => {
    if (!firstOf.has(key)) firstOf.set(key, events[i]!);
  });
  if (firstOf.size === 0) {
    return { nextExpectedVersion: await streamVersion(ctx, stream), globalPositions: [], written: 0 };
  }

  const { stored, held } = await ctx.claims.reserve(stream, [...firstOf.keys()]);
  const fresh = [...firstOf.keys()].filter((key) => held.has(key));
  if (fresh.length === 0) {
    // Every event is stored already (a retry): done, whatever the expected version says now.
    return {
      nextExpectedVersion: await streamVersion(ctx, stream),
      globalPositions: keys.map((key) => stored.get(key)!),
      written: 0,
    };
  }

  let last: bigint;
  try {
    if (revision === null) {
      const actual = fromCurrentRevision(await streamVersion(ctx, stream));
      throw new WrongExpectedVersionError(streamId, expected, actual);
    }
    const encoded = fresh.map((key) => encodeEvent(firstOf.get(key)!));
    last = await write(ctx, client, stream, streamId, encoded, expected, revision);
  } catch (error) {
    if (error instanceof WrongExpectedVersionError || appendDidNotWrite(error)) {
      await ctx.claims.release(held); // nothing was written: the ids are free again
    }
    throw toWrongExpectedVersion(error, streamId, expected) ?? error;
  }

  const written = await positionsOf(ctx, stream, fresh, last);
  return {
    nextExpectedVersion: Number(last),
    globalPositions: keys.map((key) => stored.get(key) ?? written.get(key)!),
    written: fresh.length,
  };
}

/**
 * Appends at the expected revision, and resolves with the last one written. The version callers
 * see is that of the stream's last event that is not erased, while EventStoreDB checks its last
 * event: when the two differ only by erased events, the append is retried at EventStoreDB's
 * revision (exact, so an event appended meanwhile still makes it a conflict).
 */
async function write(
  ctx: AppendContext,
  client: EsdbClient,
  stream: string,
  streamId: string,
  events: EventData[],
  expected: ExpectedVersion,
  revision: AppendExpectedRevision,
): Promise<bigint> {
  for (let retry = 0; ; retry += 1) {
    try {
      return (await client.appendToStream(stream, events, { expectedRevision: revision }))
        .nextExpectedRevision;
    } catch (error) {
      // A stream deleted by an erasure does not exist any more, as far as callers can tell.
      if (expected === 'stream_exists' && isStreamDeleted(error)) {
        throw new WrongExpectedVersionError(streamId, expected, 'no_stream');
      }
      if (!isConflict(error)) throw error;
      const visible = await streamVersion(ctx, stream);
      const actual = actualRevisionOf(error);
      const wanted = expected === 'no_stream' ? -1 : expected;
      if (
        retry < ERASED_TAIL_RETRIES &&
        wanted === visible &&
        typeof actual === 'bigint' &&
        actual > visible
      ) {
        revision = actual;
        continue;
      }
      throw new WrongExpectedVersionError(streamId, expected, fromCurrentRevision(visible));
    }
  }
}

/** Global positions of the events just appended (the last `keys.length` revisions up to `last`). */
async function positionsOf(
  ctx: AppendContext,
  stream: string,
  keys: readonly string[],
  last: bigint,
): Promise<Map<string, number>> {
  const wanted = new Set(keys);
  const first = last - BigInt(keys.length) + 1n;
  const found = new Map<string, number>();
  if (first >= 0n) {
    const events = await readStreamEvents(await ctx.client(), stream, {
      direction: 'forwards',
      fromRevision: first,
      maxCount: keys.length,
    });
    for (const event of events) {
      const key = event.id.toLowerCase();
      if (wanted.has(key)) found.set(key, globalPositionOf(event.position));
    }
  }
  if (found.size < wanted.size) {
    // EventStoreDB answered an idempotent write with other revisions: look the ids up.
    const missing = new Set(keys.filter((key) => !found.has(key)));
    const more = await ctx.claimBackend.findStored(stream, missing);
    for (const [key, position] of more) found.set(key, position);
  }
  if (found.size < wanted.size) throw new Error(`Appended events not found in EventStoreDB stream ${stream}`);
  return found;
}

/** The revision of a stream's last event that is not erased, -1 when it has none. */
async function streamVersion(ctx: LogContext, stream: string): Promise<number> {
  const client = await ctx.client();
  const refreshed = ctx.erasures.refresh(); // alongside the first read
  refreshed.catch(() => {}); // awaited below, unless the read failed first
  let from: bigint | 'end' = 'end';
  for (;;) {
    const events: RecordedEvent[] = await readStreamEvents(client, stream, {
      direction: 'backwards',
      fromRevision: from,
      maxCount: VERSION_PAGE,
    });
    await refreshed;
    for (const event of events) {
      const raw = decodeRecorded(event, ctx.names);
      if (raw === undefined || !ctx.erasures.isErased(raw)) return Number(event.revision);
    }
    const oldest = events[events.length - 1];
    if (events.length < VERSION_PAGE || oldest === undefined || oldest.revision === 0n) return -1;
    from = oldest.revision - 1n;
  }
}
