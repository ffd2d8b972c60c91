import type { EventStore, ProjectionDump, ReadModels, RebuildTarget } from '@atende/events';
import type { Projection } from '../projection.js';
import { applyBatch } from './apply-batch.js';
import { batched } from './batched.js';

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
  /** Events per batch; default 5000. */
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}

export interface ProjectionRebuildReport {
  name: string;
  documents: number;
  indexEntries: number;
  /** Whether the rebuilt data equals what was serving (only computed on dry runs). */
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
 * serving, catches up with appends made meanwhile, then switches (or, on a dry run, compares and discards).
 */
export async function rebuild(options: RebuildOptions): Promise<RebuildReport> {
  const { store, readModels, projections } = options;
  const batchSize = options.batchSize ?? 5000;
  const started = performance.now();
  const targets: RebuildTarget[] = [];
  try {
    for (const p of projections) targets.push(await readModels.beginRebuild(p.name));
    let position = 0;
    let processed = 0;
    for (;;) {
      const head = await store.lastGlobalPosition();
      if (position >= head) break;
      for await (const batch of batched(store.readAll(position + 1, { batchSize }), batchSize)) {
        for (let i = 0; i < projections.length; i += 1) {
          await applyBatch(projections[i]!, targets[i]!, batch);
        }
        position = batch[batch.length - 1]!.globalPosition;
        processed += batch.length;
        options.onProgress?.({ processed, head: Math.max(head, position), position });
      }
    }
    const reports: ProjectionRebuildReport[] = [];
    for (let i = 0; i < projections.length; i += 1) {
      const dump = await targets[i]!.dump();
      const report: ProjectionRebuildReport = { name: projections[i]!.name, ...sizes(dump) };
      if (options.dryRun)
        report.identicalToServing = sameData(dump, await readModels.view(projections[i]!.name).dump());
      reports.push(report);
    }
    if (options.dryRun) {
      for (const t of targets) await t.discard();
    } else {
      for (const t of targets) await t.activate();
    }
    return {
      events: processed,
      position,
      elapsedMs: performance.now() - started,
      projections: reports,
      switched: !options.dryRun,
    };
  } catch (error) {
    for (const t of targets) await t.discard().catch(() => undefined);
    throw error;
  }
}
