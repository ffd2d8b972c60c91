import type { RecordedEvent } from '@eventstore/db-client';
import type { RawStoredEvent } from '@atende/events';
import type { EsdbClaimBackend } from './claim-streams.js';
import { readStreamEvents, type EsdbClient } from './client.js';
import { workspaceOf, type WorkspaceErasures } from './erasures.js';
import { isConflict } from './errors.js';
import { decodeRecorded } from './event-codec.js';
import type { StreamNames } from './names.js';

/** What an erasure works with: the adapter's connection, names, erasure record and claims. */
export interface ErasureContext {
  client(): Promise<EsdbClient>;
  names: StreamNames;
  erasures: WorkspaceErasures;
  claims: EsdbClaimBackend;
  /** Our events at or after a global position, erased ones included, page by page. */
  pages(fromGlobalPosition: number): AsyncIterable<RawStoredEvent[]>;
}

/** Streams worked on at once, and claims deleted at once per stream. */
const STREAM_CONCURRENCY = 4;
const CLAIM_CONCURRENCY = 16;
/** Tries at hiding a stream's erased events while the stream keeps being written. */
const HIDE_ATTEMPTS = 5;

/**
 * Erases a workspace's events, except those of the kept types; resolves with how many were erased.
 *
 * 1. Scans the log for them (EventStoreDB has no index by metadata), counting those no earlier
 *    erasure covers. With none, nothing is recorded: a repeated erasure erases 0.
 * 2. Records the erasure (erasures.ts): from then on no read of any instance returns them. What
 *    the workspace wrote between the scan and the record is erased (and counted) too.
 * 3. Hides them in their streams, so that a scavenge drops them from disk: a stream left with
 *    nothing to keep is soft-deleted (it can be written again, `no_stream` included), another one
 *    truncated before the first event it keeps; first their event-id claims are deleted, so those
 *    ids can be appended anew. Erased events after a kept one in a stream stay there, filtered.
 *
 * Step 3 looks at every stream the scan found, on every call, so a call that failed half-way is
 * completed by the next one (until a scavenge removes those events from the log).
 */
export async function eraseWorkspace(
  ctx: ErasureContext,
  workspaceId: string,
  keepTypes: readonly string[],
  keepStreams: readonly string[] = [],
): Promise<number> {
  const keep = new Set(keepTypes);
  const keptStreams = new Set(keepStreams);
  await ctx.erasures.refresh();
  const erasedBefore = ctx.erasures.snapshot(workspaceId);
  const streams = new Set<string>();
  let erased = 0;
  let scanned = 0;
  const visit = (event: RawStoredEvent): void => {
    scanned = event.globalPosition;
    if (workspaceOf(event) !== workspaceId || keep.has(event.type) || keptStreams.has(event.streamId)) return;
    streams.add(event.streamId);
    if (!erasedBefore(event)) erased += 1;
  };

  for await (const page of ctx.pages(1)) page.forEach(visit);
  if (erased > 0) {
    const recorded = await ctx.erasures.record({
      workspaceId,
      keepTypes: [...keep],
      keepStreams: [...keptStreams],
    });
    await visitBelow(ctx.pages(scanned + 1), recorded, visit);
  }
  await forEachConcurrently(streams, STREAM_CONCURRENCY, (streamId) =>
    hideErased(ctx, ctx.names.toEsdb(streamId)),
  );
  return erased;
}

async function visitBelow(
  pages: AsyncIterable<RawStoredEvent[]>,
  position: number,
  visit: (event: RawStoredEvent) => void,
): Promise<void> {
  for await (const page of pages) {
    for (const event of page) {
      if (event.globalPosition >= position) return;
      visit(event);
    }
  }
}

/** Hides a stream's erased events from reads of the stream (see eraseWorkspace, step 3). */
async function hideErased(ctx: ErasureContext, stream: string): Promise<void> {
  const client = await ctx.client();
  for (let attempt = 1; ; attempt += 1) {
    const events = await readStreamEvents(client, stream, { direction: 'forwards', fromRevision: 'start' });
    const erased = events.filter((event) => isErased(ctx, event));
    if (erased.length === 0) return;
    await forEachConcurrently(erased, CLAIM_CONCURRENCY, (event) =>
      ctx.claims.forget(event.id.toLowerCase(), stream),
    );
    const gone = new Set(erased);
    const kept = events.find((event) => !gone.has(event));
    try {
      if (kept === undefined) {
        // Expecting the last revision read: an event appended meanwhile is not deleted with them.
        await client.deleteStream(stream, { expectedRevision: events[events.length - 1]!.revision });
      } else if (kept.revision > events[0]!.revision) {
        await truncateBefore(client, stream, kept.revision);
      }
      return;
    } catch (error) {
      if (!isConflict(error) || attempt === HIDE_ATTEMPTS) throw error;
    }
  }
}

function isErased(ctx: ErasureContext, event: RecordedEvent): boolean {
  const raw = decodeRecorded(event, ctx.names);
  return raw !== undefined && ctx.erasures.isErased(raw);
}

/** Sets the stream's truncate-before, keeping its other metadata, never lowering it. */
async function truncateBefore(client: EsdbClient, stream: string, revision: bigint): Promise<void> {
  const { metadata = {} } = await client.getStreamMetadata(stream);
  const current = typeof metadata.truncateBefore === 'number' ? metadata.truncateBefore : 0;
  if (current >= Number(revision)) return;
  await client.setStreamMetadata(stream, { ...metadata, truncateBefore: Number(revision) });
}

async function forEachConcurrently<T>(
  items: Iterable<T>,
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const worker = async (): Promise<void> => {
    for (let next = iterator.next(); next.done !== true; next = iterator.next()) await task(next.value);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}
