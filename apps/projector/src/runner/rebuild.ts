import type { EventStore, ProjectionDump, ReadModels, RebuildTarget, StoredEvent } from '@atende/events';
import { CheckpointConflictError } from '@atende/events';
import type { Projection } from '../projection.js';
import { applyBatch } from './apply-batch.js';
import { eventRouter } from './route-events.js';
import { settleEach } from './settle-each.js';

/**
 * Events per page of a rebuild: a page's writes go out together (one SQLite transaction, one round of
 * Redis pipelines), and a document many events of a page touch (a conversation row) is written once
 * per page. Ten times smaller, a rebuild into SQLite ran at half the rate.
 */
export const REBUILD_BATCH_SIZE = 50_000;

export interface RebuildProgress {
  /** Events read so far. */
  processed: number;
  /** Last global position in the store (grows while appends continue). */
  head: number;
  position: number;
}

export interface RebuildOptions {
  store: EventStore;
  readModels: ReadModels;
  projections: readonly Projection[];
  /** Build and compare, then discard instead of switching. */
  dryRun?: boolean;
  /** Events per batch; default REBUILD_BATCH_SIZE. */
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Stops between pages (a process stopping): what was built is discarded, the serving versions stay. */
  signal?: AbortSignal;
  /** Apply each page to the projections side by side (remote read models: their round trips overlap). */
  concurrent?: boolean;
}

export interface ProjectionRebuildReport {
  name: string;
  /** Events this projection handled. */
  applied: number;
  /** Sizes and the comparison with the serving data: dry runs only (they read everything back). */
  documents?: number;
  indexEntries?: number;
  identicalToServing?: boolean;
}

export interface RebuildReport {
  events: number;
  position: number;
  elapsedMs: number;
  projections: ProjectionRebuildReport[];
  switched: boolean;
}

function sizes(dump: ProjectionDump): { documents: number; indexEntries: number } {
  return {
    documents: Object.values(dump.docs).reduce((n, c) => n + Object.keys(c).length, 0),
    indexEntries: Object.values(dump.indexes).reduce((n, i) => n + i.length, 0),
  };
}

function sameData(a: ProjectionDump, b: ProjectionDump): boolean {
  return JSON.stringify({ ...a, checkpoint: 0 }) === JSON.stringify({ ...b, checkpoint: 0 });
}

/**
 * Blue/green rebuild: projects the whole log into fresh versions while the serving ones keep
 * serving, catches up with appends made meanwhile, then switches each in once it holds at least
 * what its serving version holds (or, on a dry run, compares and discards).
 */
export async function rebuild(options: RebuildOptions): Promise<RebuildReport> {
  const { store, readModels, projections } = options;
  const batchSize = options.batchSize ?? REBUILD_BATCH_SIZE;
  const started = performance.now();
  const targets: RebuildTarget[] = [];
  /** Versions switched in: they serve now, so a failure afterwards must not discard them. */
  const switched = new Set<RebuildTarget>();
  try {
    for (const p of projections) targets.push(await readModels.beginRebuild(p.name));
    /** Indexes of the projections whose version is still being built. */
    let building = projections.map((_, i) => i);
    let position = 0;
    let processed = 0;
    const applied = projections.map(() => 0);
    let head = await store.lastGlobalPosition();
    const route = eventRouter(projections);
    const applyPage = async (batch: readonly StoredEvent[]) => {
      options.signal?.throwIfAborted();
      const routed = route(batch);
      const through = batch[batch.length - 1]!.globalPosition;
      // All settle before a failure is thrown, so no write is still running when targets are discarded.
      const results = await settleEach(
        building,
        (i) => applyBatch(projections[i]!, targets[i]!, routed[i]!, { routedThrough: through }),
        options.concurrent ?? false,
      );
      results.forEach((result, k) => {
        if (result.status === 'rejected') throw result.reason;
        applied[building[k]!]! += result.value.applied;
      });
      position = through;
      processed += batch.length;
      head = Math.max(head, position);
      options.onProgress?.({ processed, head, position });
    };
    /** Page by page until a page comes back empty, so appends made meanwhile are included. */
    const catchUp = async () => {
      for (;;) {
        const batch = await store.readBatch(position + 1, batchSize, { trusted: true });
        if (batch.length === 0) return;
        await applyPage(batch);
      }
    };
    // The bulk: pages read ahead in parallel where the store can.
    for await (const batch of store.readPages(1, batchSize, { trusted: true })) await applyPage(batch);
    await catchUp();
    const reports: ProjectionRebuildReport[] = [];
    for (let i = 0; i < projections.length; i += 1) {
      const report: ProjectionRebuildReport = { name: projections[i]!.name, applied: applied[i]! };
      if (options.dryRun) {
        const dump = await targets[i]!.dump();
        Object.assign(report, sizes(dump), {
          identicalToServing: sameData(dump, await readModels.view(projections[i]!.name).dump()),
        });
      }
      reports.push(report);
    }
    if (options.dryRun) {
      for (const t of targets) await t.discard();
    } else {
      // The live projector may have applied events appended after the last page read: a version
      // that lacks them is refused (CheckpointConflictError), reads them, and is tried again.
      while (building.length > 0) {
        const behind = new Map<number, number>();
        for (const i of building) {
          try {
            await targets[i]!.activate();
            switched.add(targets[i]!);
          } catch (error) {
            if (!(error instanceof CheckpointConflictError)) throw error;
            behind.set(i, error.actual);
          }
        }
        building = [...behind.keys()];
        const before = position;
        if (building.length > 0) await catchUp();
        if (position > before) continue;
        // Nothing more in the log: what the serving version applied past its end was erased since
        // (a deleted workspace's last events). The rebuilt version takes that checkpoint too.
        for (const [i, serving] of behind) {
          const batch = await targets[i]!.beginBatch();
          if (serving > batch.baseCheckpoint) await batch.commit(serving);
        }
      }
    }
    return {
      events: processed,
      position,
      elapsedMs: performance.now() - started,
      projections: reports,
      switched: !options.dryRun,
    };
  } catch (error) {
    for (const t of targets) if (!switched.has(t)) await t.discard().catch(() => undefined);
    throw error;
  }
}
