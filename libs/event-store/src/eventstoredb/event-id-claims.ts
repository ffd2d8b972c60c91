import { isConflict } from './errors.js';

/**
 * Idempotency by event id on EventStoreDB.
 *
 * The port promises that an event id already stored anywhere is reported with its stored position
 * and never written again. EventStoreDB itself only dedupes retries of the same write to the same
 * stream (and only while the ids are in its recent-writes cache), and it has no index by event id.
 * So each event id gets a tiny claim stream (`$atende-eid-<namespace><id>`, see StreamNames.claim)
 * used as an atomic register, with optimistic concurrency as the lock:
 *
 * 1. Before appending, the writer claims every id of the batch: it appends `claimed {stream}` to
 *    the id's claim stream expecting it to be missing (or at its last `released` record). Only one
 *    writer, in any process, can win that write.
 * 2. An id whose claim is taken is looked up in the stream its claim names: found there, it is
 *    already stored (its position is reported, it is not written again); not found, its writer is
 *    still appending, so we wait (holding no claim of ours meanwhile, so two writers of overlapping
 *    batches cannot deadlock) and look again.
 * 3. The winner appends the events it claimed. When the append is refused (wrong expected version,
 *    access denied…) nothing was written and it writes `released` to each claim, so a retry with
 *    the same ids (a command handler re-deciding the same deterministic ids) can claim them again.
 *
 * Limits: it costs one small write per event (plus a read per id only when a claim is contested).
 * A writer that dies (or loses its connection without knowing whether the append landed) between
 * claiming and appending leaves claims that nobody releases; another writer of those ids waits
 * `claimTimeoutMs` without seeing the claim change and then takes it over. If the first writer's
 * append was in fact only delayed longer than that, the event can end up written twice. Events
 * written to EventStoreDB by other means than this adapter have no claims and are not deduped.
 */

export type ClaimRecord =
  { kind: 'claimed'; stream: string; owner: string } | { kind: 'released'; owner: string };

export interface ClaimState {
  /** Revision of the claim stream's last record. */
  revision: bigint;
  record: ClaimRecord;
}

/** The storage the claims live in (EventStoreDB streams; an in-memory fake in tests). */
export interface ClaimBackend {
  /** The last record of an id's claim stream, undefined when there is none. */
  lastClaim(eventKey: string): Promise<ClaimState | undefined>;
  /**
   * Appends a record to an id's claim stream if that is still at `expected`; resolves with the
   * record's revision, rejects with a wrong-expected-version error (isConflict) otherwise.
   */
  writeClaim(eventKey: string, record: ClaimRecord, expected: 'no_stream' | bigint): Promise<bigint>;
  /** Global positions of the given ids that are stored in an EventStoreDB stream. */
  findStored(stream: string, eventKeys: ReadonlySet<string>): Promise<Map<string, number>>;
}

export interface EventIdClaimsOptions {
  /** Identifies this writer in claim records (diagnostics only). */
  owner: string;
  /** How long a claim may stay unchanged with its event nowhere before another writer takes it over; default 30 s. */
  claimTimeoutMs?: number;
  /** First wait before looking at a contested claim again; doubles up to 200 ms. Default 5 ms. */
  pollMs?: number;
}

export interface Reservation {
  /** Ids already stored, with their global positions: not to be written again. */
  stored: Map<string, number>;
  /** Ids this writer now holds, with the revision of its claim: to be written by it. */
  held: Map<string, bigint>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class EventIdClaims {
  private readonly owner: string;
  private readonly claimTimeoutMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly backend: ClaimBackend,
    options: EventIdClaimsOptions,
  ) {
    this.owner = options.owner;
    this.claimTimeoutMs = options.claimTimeoutMs ?? 30_000;
    this.pollMs = options.pollMs ?? 5;
  }

  /**
   * Claims the ids of a batch about to be appended to `stream` (keys: lower-cased event ids, no
   * repeats). Resolves once every id is either stored already or held by this writer.
   */
  async reserve(stream: string, eventKeys: readonly string[]): Promise<Reservation> {
    const started = Date.now();
    // Claims seen taken while their event was nowhere: since when, at which revision.
    const stalled = new Map<string, { revision: bigint; since: number }>();
    for (let round = 0; ; round += 1) {
      if (Date.now() - started > this.claimTimeoutMs * 3) {
        throw new Error(`Could not claim the event ids of an append to ${stream}: they stay contested`);
      }
      const stored = new Map<string, number>();
      const free = new Map<string, 'no_stream' | bigint>();
      let waiting = false;
      if (round === 0) {
        // Optimistic first round: a new id has no claim stream yet; contested ids are read next round.
        for (const key of eventKeys) free.set(key, 'no_stream');
      } else {
        const states = await Promise.all(eventKeys.map((key) => this.backend.lastClaim(key)));
        const claimedIn = new Map<string, Map<string, bigint>>();
        eventKeys.forEach((key, i) => {
          const state = states[i];
          if (state === undefined) free.set(key, 'no_stream');
          else if (state.record.kind === 'released') free.set(key, state.revision);
          else {
            const claimed = claimedIn.get(state.record.stream) ?? new Map<string, bigint>();
            claimed.set(key, state.revision);
            claimedIn.set(state.record.stream, claimed);
          }
        });
        const lookups = await Promise.all(
          [...claimedIn].map(([claimStream, claimed]) =>
            this.backend.findStored(claimStream, new Set(claimed.keys())),
          ),
        );
        const now = Date.now();
        [...claimedIn.values()].forEach((claimed, i) => {
          for (const [key, revision] of claimed) {
            const position = lookups[i]!.get(key);
            if (position !== undefined) {
              stored.set(key, position);
              continue;
            }
            // Taken, but its event is nowhere (yet): its writer is appending, or died.
            const seen = stalled.get(key);
            if (seen?.revision !== revision) {
              stalled.set(key, { revision, since: now });
              waiting = true;
            } else if (now - seen.since >= this.claimTimeoutMs) {
              free.set(key, revision); // abandoned: take it over
            } else {
              waiting = true;
            }
          }
        });
      }
      if (waiting) {
        await sleep(Math.min(200, this.pollMs * 2 ** Math.min(round, 6)));
        continue;
      }
      const attempts = [...free];
      const outcomes = await Promise.allSettled(
        attempts.map(([key, expected]) =>
          this.backend.writeClaim(key, { kind: 'claimed', stream, owner: this.owner }, expected),
        ),
      );
      const held = new Map<string, bigint>();
      let contested = false;
      let failure: { error: unknown } | undefined;
      outcomes.forEach((outcome, i) => {
        if (outcome.status === 'fulfilled') held.set(attempts[i]![0], outcome.value);
        else if (isConflict(outcome.reason)) contested = true;
        else failure ??= { error: outcome.reason };
      });
      if (!contested && failure === undefined) return { stored, held };
      // Someone else holds (or just took) one of the ids: let go of ours and look again.
      await this.release(held);
      if (failure !== undefined) throw failure.error;
      if (round > 0) await sleep(Math.random() * this.pollMs * 4);
    }
  }

  /** Gives claims back after an append that wrote nothing. Best effort: a claim taken over meanwhile stays. */
  async release(held: ReadonlyMap<string, bigint>): Promise<void> {
    await Promise.allSettled(
      [...held].map(([key, revision]) =>
        this.backend.writeClaim(key, { kind: 'released', owner: this.owner }, revision),
      ),
    );
  }
}
