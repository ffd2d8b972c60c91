import type Database from 'better-sqlite3';
import { DELETED, type BatchChanges, type Erasure } from '../buffered-batch.js';
import type { ReadModelStatements, Space } from './statements.js';

/**
 * A batch's rows and checkpoint as plain data (it crosses to the writer thread): committed in this
 * thread by GroupCommit, or in the writer thread by CommitThread, with the same code.
 */
export interface CommitRequest {
  projection: string;
  space: Space;
  /** Written by the live projector: refused once a rebuild has switched another version in. */
  serving: boolean;
  /** The checkpoint the batch started from: refused when another commit moved it. */
  expected: number;
  checkpoint: number;
  erasures: Erasure[];
  /** [collection, id, stored text or null when deleted]. */
  docs: [string, string, string | null][];
  entries: [string, string, number | null][];
}

/** What became of one request: written, or refused (its savepoint undone) with why. */
export type CommitOutcome =
  { ok: true } | { conflict: { projection: string; expected: number; current: number } } | { error: string };

/** A rebuild's version switched in, if the live one has not applied more of the log. */
export interface Activation {
  projection: string;
  version: number;
  /** The version it replaces. */
  old: Space;
  space: Space;
}

/** The request for `changes`, documents made text by `text` (encoded, or JSON the writer thread seals). */
export function commitRequest(
  base: Omit<CommitRequest, 'erasures' | 'docs' | 'entries'>,
  changes: BatchChanges,
  text: (doc: unknown) => string,
): CommitRequest {
  const docs: CommitRequest['docs'] = [];
  for (const [collection, byId] of changes.docs) {
    for (const [id, doc] of byId) docs.push([collection, id, doc === DELETED ? null : text(doc)]);
  }
  const entries: CommitRequest['entries'] = [];
  for (const [name, byId] of changes.indexes) {
    for (const [id, score] of byId) entries.push([name, id, score === DELETED ? null : score]);
  }
  return { ...base, erasures: changes.erasures, docs, entries };
}

/** A request or activation refused because the checkpoint moved (CheckpointConflictError once back in the caller's thread). */
class Refused extends Error {
  constructor(readonly conflict: { projection: string; expected: number; current: number }) {
    super('checkpoint moved');
  }
}

const servingSpace = (sql: ReadModelStatements, projection: string): Space =>
  `${projection}@${sql.servingVersion(projection)}`;

/** Writes one request (inside the caller's transaction); throws Refused, writing nothing, when it is refused. */
function applyCommit(sql: ReadModelStatements, request: CommitRequest, seal: (json: string) => string): void {
  const { space } = request;
  // A rebuild may have switched versions, or another writer moved on: refuse, write nothing.
  const now = request.serving ? servingSpace(sql, request.projection) : space;
  const current = sql.checkpoint(now);
  if (now !== space || current !== request.expected) {
    throw new Refused({ projection: request.projection, expected: request.expected, current });
  }
  for (const erasure of request.erasures) sql.erase(space, erasure);
  for (const [collection, id, doc] of request.docs) {
    if (doc === null) sql.deleteDoc(space, collection, id);
    else sql.putDoc(space, collection, id, seal(doc));
  }
  for (const [name, id, score] of request.entries) {
    if (score === null) sql.deleteEntry(space, name, id);
    else sql.putEntry(space, name, id, score);
  }
  sql.setCheckpoint(space, request.checkpoint);
}

/**
 * Commits requests in one transaction (one WAL write), each in a savepoint of its own: one refused
 * is undone alone. If the transaction itself fails, every one of them fails with it.
 */
export function commitGroup(
  db: Database.Database,
  sql: ReadModelStatements,
  requests: readonly CommitRequest[],
  seal: (json: string) => string = (text) => text,
): CommitOutcome[] {
  const outcomes: CommitOutcome[] = [];
  try {
    db.transaction(() => {
      for (const request of requests) {
        try {
          db.transaction(() => applyCommit(sql, request, seal))(); // a savepoint
          outcomes.push({ ok: true });
        } catch (error) {
          outcomes.push(outcomeOf(error));
        }
      }
      // IMMEDIATE: the write lock first. A deferred transaction that read before another connection
      // wrote could not write any more (SQLITE_BUSY_SNAPSHOT, which a busy timeout does not wait out).
    }).immediate();
  } catch (error) {
    return requests.map(() => outcomeOf(error));
  }
  return outcomes;
}

function outcomeOf(error: unknown): CommitOutcome {
  if (error instanceof Refused) return { conflict: error.conflict };
  return { error: error instanceof Error ? error.message : String(error) };
}

/** Switches a rebuilt version in, in one transaction, unless the live one has applied more of the log. */
export function activateVersion(
  db: Database.Database,
  sql: ReadModelStatements,
  activation: Activation,
): CommitOutcome {
  try {
    db.transaction(() => {
      // The live projector may have applied events this version has not read yet: not switched in.
      const current = sql.checkpoint(activation.old);
      const expected = sql.checkpoint(activation.space);
      if (current > expected) throw new Refused({ projection: activation.projection, expected, current });
      sql.setServing(activation.projection, activation.version);
    }).immediate();
    return { ok: true };
  } catch (error) {
    return outcomeOf(error);
  }
}

/** Deletes at most `limit` rows per table of a version no longer read (one transaction); true once it is gone. */
export function sweepVersion(
  db: Database.Database,
  sql: ReadModelStatements,
  space: Space,
  limit: number,
): boolean {
  return db.transaction(() => sql.sweep(space, limit)).immediate();
}
