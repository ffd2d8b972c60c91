import type { AtendeEvent, ProjectionWriter, StoredEvent } from '@atende/events';
import { CheckpointConflictError } from '@atende/events';
import type { Projection } from '../projection.js';

export interface ApplyBatchResult {
  /** Events the projection handled (others only moved the checkpoint). */
  applied: number;
  checkpoint: number;
}

export interface ApplyBatchOptions {
  /** Commit a batch none of whose events the projection handles (moves the checkpoint); default true. */
  commitEmpty?: boolean;
  /**
   * `events` are already the projection's own (eventRouter), picked from a batch that ends at this
   * position: the checkpoint moves up to it.
   */
  routedThrough?: number;
  /**
   * The checkpoint the caller last committed or read: a batch that starts from another one (the
   * serving version was switched by a rebuild) is refused with CheckpointConflictError, unapplied.
   */
  expectedBase?: number;
}

/**
 * Applies the events after the writer's checkpoint in one batch and commits data + checkpoint
 * together. Events at or below the checkpoint are skipped: delivering them twice changes nothing.
 * When the adapter had to load documents it had not seen, the same events are applied again.
 */
export async function applyBatch(
  projection: Projection,
  writer: ProjectionWriter,
  events: readonly StoredEvent[],
  options: ApplyBatchOptions = {},
): Promise<ApplyBatchResult> {
  const routed = options.routedThrough !== undefined;
  const batch = await writer.beginBatch();
  const from = batch.baseCheckpoint;
  if (options.expectedBase !== undefined && from !== options.expectedBase) {
    throw new CheckpointConflictError(projection.name, options.expectedBase, from);
  }
  let applied: number;
  let last: number;
  do {
    applied = 0;
    last = from;
    for (const event of events) {
      if (event.globalPosition <= last) continue;
      last = event.globalPosition;
      if (!routed && !projection.eventTypes.has(event.type as AtendeEvent['type'])) continue;
      projection.apply(event as StoredEvent<AtendeEvent>, batch);
      applied += 1;
    }
    if (routed && options.routedThrough! > last) last = options.routedThrough!;
  } while (await batch.fetchMissing());
  if (last > from && (applied > 0 || options.commitEmpty !== false)) await batch.commit(last);
  return { applied, checkpoint: last };
}
