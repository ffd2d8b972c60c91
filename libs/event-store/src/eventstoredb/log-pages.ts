/**
 * Reading the log (`$all`) as our events: page by page, from any global position, the erased ones
 * left out (except for an erasure's own scan), and from its end backwards. Apart from the adapter
 * class (eventstoredb-event-store.ts) because its reads, live subscriptions and erasures all use it.
 */
import type { AllStreamRecordedEvent, Position } from '@eventstore/db-client';
import type { RawStoredEvent } from '@atende/events';
import { readAllEvents, type EsdbClient } from './client.js';
import type { WorkspaceErasures } from './erasures.js';
import { isTransient } from './errors.js';
import { decodeRecorded } from './event-codec.js';
import type { StreamNames } from './names.js';
import { globalPositionOf, normalizeFrom, readStartFor } from './positions.js';

/** What reading the log works with: the adapter's connection, names and erasure record. */
export interface LogContext {
  client(): Promise<EsdbClient>;
  names: StreamNames;
  erasures: WorkspaceErasures;
  /** Throws once the store is closed. */
  assertOpen(): void;
}

/** Records read per round trip when scanning the log backwards. */
const BACKWARD_PAGE = 500;

/**
 * Our events at or after `from`, one array per round trip to the server (at most `batch`
 * events; possibly fewer, as system events, other namespaces and erased events are skipped),
 * ascending. Each read after the first starts at the last record read (positions are inclusive)
 * and skips it. The erasure record is read again alongside each page, so an erasure completed
 * before the page was asked for (by any process) is never missed.
 */
export async function* pagesFrom(
  ctx: LogContext,
  fromGlobalPosition: number,
  batchSize: number,
  /** For an erasure: erased events included, and not stopped by `close` (which waits for it). */
  options: { forErasure?: boolean } = {},
): AsyncGenerator<RawStoredEvent[]> {
  const forErasure = options.forErasure ?? false;
  const from = normalizeFrom(fromGlobalPosition);
  const batch = Math.max(1, Math.floor(batchSize) || 1);
  const client = await ctx.client();
  let start: 'start' | Position = readStartFor(from);
  let readThrough: bigint | undefined; // records at or before this log position were handled
  let guessed = start !== 'start'; // start derived from `from`: the server may refuse it
  for (;;) {
    if (!forErasure) ctx.assertOpen();
    const max = readThrough === undefined ? batch : batch + 1;
    const refreshed = forErasure ? undefined : ctx.erasures.refresh();
    refreshed?.catch(() => {}); // awaited below, unless reading the page failed first
    let records: AllStreamRecordedEvent[];
    try {
      records = await readAllEvents(client, { direction: 'forwards', fromPosition: start, maxCount: max });
    } catch (error) {
      if (!guessed || isTransient(error)) throw error;
      // `from` is neither a position of ours nor one past it: start at the last record before it.
      const before = await lastRecordBefore(ctx, from);
      start = before ?? 'start';
      readThrough = before?.commit;
      guessed = false;
      continue;
    }
    guessed = false;
    await refreshed;
    const page: RawStoredEvent[] = [];
    let lastHandled: Position | undefined;
    let full = false;
    for (const record of records) {
      if (readThrough !== undefined && record.position.commit <= readThrough) continue;
      const raw = decodeRecorded(record, ctx.names);
      if (raw !== undefined && raw.globalPosition >= from && (forErasure || !ctx.erasures.isErased(raw))) {
        if (page.length === batch) {
          full = true;
          break;
        }
        page.push(raw);
      }
      lastHandled = record.position;
    }
    if (page.length > 0) yield page;
    if ((!full && records.length < max) || lastHandled === undefined) return;
    start = lastHandled;
    readThrough = lastHandled.commit;
  }
}

/** Position of the last record of the log (of any kind) with a global position below `from`. */
export async function lastRecordBefore(ctx: LogContext, from: number): Promise<Position | undefined> {
  return lastRecordWhere(await ctx.client(), (record) =>
    globalPositionOf(record.position) < from ? record.position : undefined,
  );
}

/** The global position of the log's last event of ours that is not erased, 0 when there is none. */
export async function readLastGlobalPosition(ctx: LogContext): Promise<number> {
  ctx.assertOpen();
  const client = await ctx.client();
  await ctx.erasures.refresh();
  const last = await lastRecordWhere(client, (record) => {
    const raw = decodeRecorded(record, ctx.names);
    return raw !== undefined && !ctx.erasures.isErased(raw) ? raw.globalPosition : undefined;
  });
  return last ?? 0;
}

/** What `pick` makes of the log's last record it picks, scanning backwards from the end. */
async function lastRecordWhere<T>(
  client: EsdbClient,
  pick: (record: AllStreamRecordedEvent) => T | undefined,
): Promise<T | undefined> {
  let start: 'end' | Position = 'end';
  for (;;) {
    const records = await readAllEvents(client, {
      direction: 'backwards',
      fromPosition: start,
      maxCount: BACKWARD_PAGE,
    });
    for (const record of records) {
      const picked = pick(record);
      if (picked !== undefined) return picked;
    }
    if (records.length < BACKWARD_PAGE) return undefined;
    start = records[records.length - 1]!.position;
  }
}
