import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { SEALED_KEY, mediaIdOf, sealedPartOf, streams, type MediaOwner } from '@atende/events';
import type { FieldCipher } from './field-cipher.js';
import { unseal } from './master-key.js';
import { rewriteEventData } from './rewrite-event-data.js';
import { forgetSnapshots } from '../sqlite/schema.js';

/**
 * Conversations named by their customer's address (a WhatsApp id, which holds the phone number),
 * made before conversation ids were pseudonyms, renamed in a SQLite log by `npm run events --
 * encrypt` (encrypt-sqlite-log.ts): their stream id, the plain fields that name them in every
 * stream of their workspace, and their personal data sealed again with the key of the new name.
 *
 * Only the SQLite log can hold them: the PostgreSQL log came after pseudonyms (nothing copies a log
 * into it), and an EventStoreDB log is append-only (its stream names cannot be changed in place).
 */

/** The key id of personal data erased before its conversation was renamed: no key has it. */
export const ERASED_KEY_ID = 'erased';

const PSEUDONYM = /^ct_[0-9a-f]{24}$/;
/** Conversations handled together: their new keys made in one transaction, their rows written in one. */
const BATCH = 200;

/** What renaming needs of the media store (SealedMediaStore): a file sealed again with its owner's key. */
export interface MediaResealer {
  reseal(workspaceId: string, mediaId: string, owner: MediaOwner): Promise<boolean>;
}

/** A conversation named by its customer's address, and its new name. */
export interface LegacyConversation {
  workspaceId: string;
  /** Its id today: the customer's address. */
  address: string;
  streamId: string;
  newId: string;
  /** Erased already: the new id comes from nothing of the customer, so it links to no one. */
  erased: boolean;
}

export interface LegacyPlan {
  conversations: LegacyConversation[];
  /** Left as they are: their new id names a conversation already. */
  taken: number;
}

/**
 * The new id of a conversation erased before it was renamed: its key and its address's route are
 * gone, so it is named after its erasure's record (a random event id), which the same log always
 * gives again (a run stopped halfway picks the same name).
 */
function unlinkedId(erasureEventId: string): string {
  const hash = createHash('sha256').update(`erased conversation\n${erasureEventId}`).digest('hex');
  return `ct_${hash.slice(0, 24)}`;
}

/**
 * The log's conversations named by an address, and their new ids: the pseudonym of their address
 * (`conversationIdFor`, the id its next message gets), or, erased already, an unlinked one.
 */
export async function planLegacyConversations(
  db: Database.Database,
  cipher: FieldCipher,
): Promise<LegacyPlan> {
  const conversationStreams = db.prepare<[], { s: string }>(
    `SELECT DISTINCT stream_id AS s FROM events
     WHERE stream_id >= 'conversation-' AND stream_id < 'conversation.'`,
  );
  const workspaceOf = db.prepare<[string], { w: string }>(
    'SELECT workspace_id AS w FROM events WHERE stream_id = ? LIMIT 1',
  );
  const lastErasure = db.prepare<[string], { e: string }>(
    `SELECT event_id AS e FROM events WHERE stream_id = ? AND type = 'ContactDataErased'
     ORDER BY stream_position DESC LIMIT 1`,
  );
  const exists = db.prepare<[string], { one: number }>(
    'SELECT 1 AS one FROM events WHERE stream_id = ? LIMIT 1',
  );
  const found: Omit<LegacyConversation, 'newId'>[] = [];
  for (const { s: streamId } of conversationStreams.all()) {
    const workspaceId = workspaceOf.get(streamId)?.w;
    if (workspaceId === undefined) continue;
    const prefix = streams.conversation(workspaceId, '');
    const address = streamId.startsWith(prefix) ? streamId.slice(prefix.length) : '';
    if (address === '' || PSEUDONYM.test(address)) continue;
    found.push({ workspaceId, address, streamId, erased: lastErasure.get(streamId) !== undefined });
  }
  const plan: LegacyPlan = { conversations: [], taken: 0 };
  // A batch at a time: the route keys asked for together are made in one transaction (BatchSoon).
  for (let i = 0; i < found.length; i += BATCH) {
    const batch = found.slice(i, i + BATCH);
    const ids = await Promise.all(
      batch.map((c) =>
        c.erased
          ? unlinkedId(lastErasure.get(c.streamId)!.e)
          : cipher.conversationIdFor(c.workspaceId, c.address),
      ),
    );
    batch.forEach((c, j) => {
      const newId = ids[j]!;
      if (exists.get(streams.conversation(c.workspaceId, newId))) plan.taken += 1;
      else plan.conversations.push({ ...c, newId });
    });
  }
  return plan;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A value with every old id it holds replaced by the new one: a string that is one, or a segment of
 * a path that is one (an audit record's URL, raw or percent-encoded). The same value when nothing
 * changed.
 */
function withIds(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') {
    const id = ids.get(value);
    if (id !== undefined) return id;
    if (!value.includes('/')) return value;
    const segments = value.split('/');
    let changed = false;
    const renamed = segments.map((segment) => {
      const named = ids.get(decoded(segment));
      changed ||= named !== undefined;
      return named ?? segment;
    });
    return changed ? renamed.join('/') : value;
  }
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const next = withIds(item, ids);
      if (next !== item) (out ??= [...value])[i] = next;
    });
    return out ?? value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let out: Record<string, unknown> | undefined;
  for (const [field, item] of Object.entries(value)) {
    const next = withIds(item, ids);
    if (next !== item) (out ??= { ...value })[field] = next;
  }
  return out ?? value;
}

/** The fields of a type kept sealed (personal data, secrets), if it has any. */
function sealedFieldsOf(cipher: FieldCipher, type: string): readonly string[] | undefined {
  return cipher.registry.has(type) ? cipher.registry.definition(type).sealed?.fields : undefined;
}

/**
 * A payload whose plain fields name the old ids by the new ones. What is sealed, or is meant to be
 * (what a customer wrote, say), is theirs: left as it is.
 */
function plainWithIds(
  cipher: FieldCipher,
  type: string,
  data: Record<string, unknown>,
  ids: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const sealedFields = sealedFieldsOf(cipher, type);
  let out: Record<string, unknown> | undefined;
  for (const [field, value] of Object.entries(data)) {
    if (field === SEALED_KEY || sealedFields?.includes(field)) continue;
    const next = withIds(value, ids);
    if (next !== value) (out ??= { ...data })[field] = next;
  }
  return out ?? data;
}

/**
 * Names the renamed conversations by their new ids wherever the events of their workspaces mention
 * them outside their own streams (today: audit records of refused requests, by URL). Answers how
 * many events changed.
 */
export async function rewriteReferences(
  db: Database.Database,
  cipher: FieldCipher,
  conversations: readonly LegacyConversation[],
): Promise<number> {
  const byWorkspace = new Map<string, Map<string, string>>();
  for (const c of conversations) {
    if (!byWorkspace.has(c.workspaceId)) byWorkspace.set(c.workspaceId, new Map());
    byWorkspace.get(c.workspaceId)!.set(c.address, c.newId);
  }
  if (byWorkspace.size === 0) return 0;
  const renamedStreams = new Set(conversations.map((c) => c.streamId));
  const { changed } = await rewriteEventData(db, '1', [], (row) => {
    const ids = byWorkspace.get(row.w);
    if (!ids || renamedStreams.has(row.s)) return undefined;
    const data = JSON.parse(row.d) as Record<string, unknown>;
    const next = plainWithIds(cipher, row.t, data, ids);
    return next === data ? undefined : next;
  });
  return changed;
}

/** A payload with its sealed part opened; undefined when that part's key is gone. */
export async function opened(
  cipher: FieldCipher,
  data: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const part = sealedPartOf(data);
  if (!part) return data;
  const key = await cipher.keys.keyById(part.k);
  if (!key) return undefined;
  const out: Record<string, unknown> = {};
  for (const field in data) if (field !== SEALED_KEY) out[field] = data[field];
  return Object.assign(out, JSON.parse(unseal(key, part.c, part.k).toString('utf8')) as object);
}

/**
 * A payload of an erased customer: its personal fields (sealed with a destroyed key, or still in
 * plain text when the log was not sealed yet) replaced by a sealed part no key opens, so it reads
 * as the removed placeholders, as an erasure's data does.
 */
function erased(cipher: FieldCipher, type: string, data: Record<string, unknown>): Record<string, unknown> {
  const fields = sealedFieldsOf(cipher, type);
  if (!fields) return data;
  let any = sealedPartOf(data) !== undefined;
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    if (field === SEALED_KEY) continue;
    if (fields.includes(field) && value !== undefined && value !== null) any = true;
    else out[field] = value;
  }
  if (!any) return data;
  out[SEALED_KEY] = { k: ERASED_KEY_ID, c: '' };
  return out;
}

/** Data brought to its type's current version first: an upcaster may read the old id (ConversationStarted v1 does). */
function upcast(
  cipher: FieldCipher,
  type: string,
  data: Record<string, unknown>,
  version: number,
): [Record<string, unknown>, number] {
  if (!cipher.registry.has(type)) return [data, version];
  const def = cipher.registry.definition(type);
  let out = data;
  let v = version;
  for (; v < def.version && def.upcasters[v]; v += 1) out = def.upcasters[v]!(out);
  return [out, v];
}

export interface RenameReport {
  /** Events whose personal fields were still in plain text and are now sealed (or, erased, gone). */
  sealed: number;
  /** Media files sealed again with their conversation's new key. */
  media: number;
}

/** A conversation's rows as they are to be written under its new name. */
interface Renamed {
  conversation: LegacyConversation;
  streamId: string;
  /** [stream id, data, schema version, global position] of each row. */
  rows: [string, string, number, number][];
  /** The stream's version (its last stream position); -1 when it has no event. */
  version: number;
  mediaIds: Set<string>;
  sealed: number;
}

/**
 * One conversation's events as they are to be written under its new name (same stream and global
 * positions, same event ids): plain fields naming the conversation name it by its new id, personal
 * data sealed with the key of the new stream's contact (the subject comes from the stream id: an
 * erasure of the new id must reach it), ConversationStarted gaining the address (sealed) replies go
 * to. Events up to its last erasure keep nothing personal.
 */
async function renamed(
  db: Database.Database,
  cipher: FieldCipher,
  conversation: LegacyConversation,
): Promise<Renamed> {
  const { workspaceId, address, newId } = conversation;
  const rows = db
    .prepare<[string], { p: number; n: number; t: string; d: string; v: number }>(
      `SELECT global_position AS p, stream_position AS n, type AS t, data AS d, schema_version AS v
       FROM events WHERE stream_id = ? ORDER BY stream_position`,
    )
    .all(conversation.streamId);
  let cut = 0;
  rows.forEach((row, i) => {
    if (row.t === 'ContactDataErased') cut = i + 1;
  });
  const streamId = streams.conversation(workspaceId, newId);
  const ids = new Map([[address, newId]]);
  const out: Renamed = {
    conversation,
    streamId,
    rows: [],
    version: rows.length > 0 ? rows[rows.length - 1]!.n : -1,
    mediaIds: new Set(),
    sealed: 0,
  };
  for (const [i, row] of rows.entries()) {
    const stored = JSON.parse(row.d) as Record<string, unknown>;
    const live = i >= cut ? await opened(cipher, stored) : undefined;
    const [current, version] = upcast(cipher, row.t, live ?? erased(cipher, row.t, stored), row.v);
    let data = plainWithIds(cipher, row.t, current, ids);
    if (live) {
      if (row.t === 'ConversationStarted') data = { ...data, address };
      const mediaId = mediaIdOf(data.mediaUrl);
      if (mediaId) out.mediaIds.add(mediaId);
      data = (await cipher.sealData(row.t, streamId, workspaceId, data)) ?? data;
    }
    if (!sealedPartOf(stored) && sealedPartOf(data)) out.sealed += 1;
    out.rows.push([streamId, JSON.stringify(data), version, row.p]);
  }
  return out;
}

/**
 * Renames the conversations in place, a batch at a time (see `renamed`). A batch's media is sealed
 * again first (a run stopped there finds it so and goes on), then its rows are written in one
 * transaction, then the old streams' keys are destroyed. Should the process stop between the last
 * two, those keys stay (only copies made before the run, such as backups, still use them).
 */
export async function renameConversations(
  db: Database.Database,
  cipher: FieldCipher,
  conversations: readonly LegacyConversation[],
  media?: MediaResealer,
): Promise<RenameReport> {
  const update = db.prepare<[string, string, number, number]>(
    'UPDATE events SET stream_id = ?, data = ?, schema_version = ? WHERE global_position = ?',
  );
  const dropStream = db.prepare<[string]>('DELETE FROM streams WHERE stream_id = ?');
  const putStream = db.prepare<[string, number]>(
    'INSERT INTO streams (stream_id, version) VALUES (?, ?) ON CONFLICT(stream_id) DO UPDATE SET version = excluded.version',
  );
  const report: RenameReport = { sealed: 0, media: 0 };
  for (let i = 0; i < conversations.length; i += BATCH) {
    const batch = await Promise.all(conversations.slice(i, i + BATCH).map((c) => renamed(db, cipher, c)));
    for (const { conversation, streamId, mediaIds } of batch) {
      for (const id of mediaIds) {
        const owner = { conversationStreamId: streamId };
        if (await media?.reseal(conversation.workspaceId, id, owner)) report.media += 1;
      }
    }
    db.transaction(() => {
      for (const { conversation, streamId, rows, version } of batch) {
        rows.forEach((row) => update.run(...row));
        dropStream.run(conversation.streamId);
        if (version >= 0) putStream.run(streamId, version);
      }
    })();
    for (const { conversation, sealed } of batch) {
      report.sealed += sealed;
      await cipher.destroyContact(conversation.workspaceId, conversation.streamId);
    }
  }
  if (conversations.length > 0) forgetSnapshots(db);
  return report;
}
