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

/** What became of one request: written, or refused (nothing of it written) with why. */
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

/** Why the request cannot be written (its checkpoint moved, or another version serves now), if so. */
function refusal(sql: ReadModelStatements, request: CommitRequest): Refused | undefined {
  const { space } = request;
  const now = request.serving ? servingSpace(sql, request.projection) : space;
  const current = sql.checkpoint(now);
  if (now === space && current === request.expected) return undefined;
  return new Refused({ projection: request.projection, expected: request.expected, current });
}

/** Writes one request's rows and checkpoint (inside the caller's transaction). */
function write(sql: ReadModelStatements, request: CommitRequest, seal: (json: string) => string): void {
  const { space } = request;
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
 * One transaction for all: each request is checked before any of its rows is written, so a refused
 * one writes nothing and needs no savepoint (two statements per request saved on every batch).
 * IMMEDIATE takes the write lock first: a deferred transaction that read before another connection
 * wrote could not write any more (SQLITE_BUSY_SNAPSHOT, which a busy timeout does not wait out).
 */
function commitAll(
  db: Database.Database,
  sql: ReadModelStatements,
  requests: readonly CommitRequest[],
  seal: (json: string) => string,
): CommitOutcome[] {
  return db
    .transaction(() =>
      requests.map((request): CommitOutcome => {
        const refused = refusal(sql, request);
        if (refused) return { conflict: refused.conflict };
        write(sql, request, seal);
        return { ok: true };
      }),
    )
    .immediate();
}

/**
 * Commits requests in one transaction (one WAL write); a refused one (its checkpoint moved) writes
 * nothing. If writing fails, the transaction is undone and each request is tried alone, so only the
 * one that cannot be written is refused; a file that stays busy refuses them all at once.
 */
export function commitGroup(
  db: Database.Database,
  sql: ReadModelStatements,
  requests: readonly CommitRequest[],
  seal: (json: string) => string = (text) => text,
): CommitOutcome[] {
  try {
    return commitAll(db, sql, requests, seal);
  } catch (error) {
    const busy = String((error as { code?: unknown }).code ?? '').startsWith('SQLITE_BUSY');
    if (requests.length === 1 || busy) return requests.map(() => outcomeOf(error));
    return requests.map((request) => {
      try {
        return commitAll(db, sql, [request], seal)[0]!;
      } catch (alone) {
        return outcomeOf(alone);
      }
    });
  }
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
