import type { Position } from '@eventstore/db-client';

/**
 * Global positions on EventStoreDB.
 *
 * Every event in `$all` has a log position (its commit position; an append made through gRPC is
 * an implicit transaction, so commit and prepare positions are the same record's byte offset in
 * the transaction log). It increases with the log but is sparse, and reading `$all` from a number
 * that is not the start of a record fails on the server ("Log record at actual pos … has too large
 * length"). Callers of the port, though, read from `lastSeen + 1`.
 *
 * So our globalPosition is **2 × commit position**: the event at commit position c has global
 * position 2c, and both 2c (the event itself) and 2c + 1 (everything after it) map back to the
 * record boundary c = ⌊position / 2⌋, from which the adapter reads and skips what is below the
 * requested position. Positions stay far below 2^53 (that is a 4 PB log). Any other number is
 * still accepted: the read from ⌊position / 2⌋ is refused by the server and the adapter then
 * looks for the last record before it (a backward scan from the end of the log).
 */

/** Largest commit position the server sends: 2^64 - 1 stands for "unknown" (ulong of -1). */
const NO_POSITION = 2n ** 63n;

/** Our global position of an event at an EventStoreDB log position. */
export function globalPositionOf(position: Position | undefined): number {
  // The log starts with an epoch record, so no event is at 0: a 0 (or -1) is a position the
  // server did not send (stream reads carry positions since EventStoreDB 22.6).
  if (position === undefined || position.commit <= 0n || position.commit >= NO_POSITION) {
    throw new Error(
      'EventStoreDB returned an event without its log position (EventStoreDB ≥ 22.6 is required)',
    );
  }
  const global = position.commit * 2n;
  if (global > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`EventStoreDB log position ${position.commit} is too large for a global position`);
  }
  return Number(global);
}

/** The log position (record boundary) a global position of ours stands for: that of 2c and 2c + 1. */
export function commitPositionOf(globalPosition: number): bigint {
  return BigInt(Math.floor(globalPosition / 2));
}

/** Normalises a requested `fromGlobalPosition` (default 1; positions start at 1). */
export function normalizeFrom(fromGlobalPosition: number | undefined): number {
  const from = fromGlobalPosition ?? 1;
  if (Number.isNaN(from)) throw new TypeError('fromGlobalPosition must be a number');
  return Math.max(1, Math.floor(Math.min(from, Number.MAX_SAFE_INTEGER)));
}

/**
 * Where to start reading `$all` (inclusively) for the events at or after `from` (normalised):
 * the start of the log, or the record boundary of `from`.
 */
export function readStartFor(from: number): 'start' | Position {
  if (from <= 1) return 'start';
  const commit = commitPositionOf(from);
  return { commit, prepare: commit };
}
