import { createHmac } from 'node:crypto';
import {
  REMOVED_PLACEHOLDER,
  SEALED_KEY,
  atendeRegistry,
  sealedPartOf,
  type EventRegistry,
  type KeyStore,
  type NewEvent,
  type SealSubjectKind,
  type StoredEvent,
} from '@atende/events';
import { seal, unseal } from './master-key.js';
import { withData } from '../stored-events.js';

/** The deployment's pseudonym key: contact subjects are named by an HMAC of the stream, not by the phone. */
const PEPPER_SUBJECT = 'deployment:pseudonyms';
/** The key that seals read models at rest (Redis, the embedded snapshot). */
const READ_MODELS_SUBJECT = 'deployment:read-models';
/** Stands for a secret's key on the bus: secrets are withheld there, so they open as removed. */
export const WITHHELD_KEY_ID = 'withheld';
/** Past this many cached keys the caches start over (they are caches, not the store). */
const CACHE_LIMIT = 100_000;

export interface FieldCipherOptions {
  /**
   * How long a subject's current key is reused before the store is asked again; default 30 s. A
   * process that follows the log calls forgetCachedKeys() when another one erases a customer.
   */
  activeKeyMs?: number;
  /** How long a key read by id is kept; default 5 s (another process may destroy it meanwhile). */
  keyByIdMs?: number;
}

const fieldSets = new WeakMap<readonly string[], ReadonlySet<string>>();

function fieldSetOf(fields: readonly string[]): ReadonlySet<string> {
  let set = fieldSets.get(fields);
  if (!set) fieldSets.set(fields, (set = new Set(fields)));
  return set;
}

interface Cached<T> {
  value: T;
  until: number;
}

/**
 * Seals the fields an event type declares (sealed-fields.ts) with the data key of their subject, and
 * opens them again on read: the one place that knows how a payload is encrypted. A sealed payload
 * keeps its other fields and gains `$sealed: { k: keyId, c }`, c being AES-256-GCM of the JSON of the
 * sealed fields, authenticated with the key id. A field whose key is gone opens as the placeholder.
 */
export class FieldCipher {
  private readonly active = new Map<string, Cached<{ keyId: string; key: Buffer }>>();
  private readonly byId = new Map<string, Cached<Buffer | undefined>>();
  private pepper: Buffer | undefined;
  private readonly activeKeyMs: number;
  private readonly keyByIdMs: number;

  constructor(
    readonly keys: KeyStore,
    readonly registry: EventRegistry = atendeRegistry,
    options: FieldCipherOptions = {},
  ) {
    this.activeKeyMs = options.activeKeyMs ?? 30_000;
    this.keyByIdMs = options.keyByIdMs ?? 5_000;
  }

  /** The subject whose key seals a kind of data of a stream. */
  async subjectOf(kind: SealSubjectKind, streamId: string, workspaceId: string): Promise<string> {
    return (
      this.knownSubject(kind, streamId, workspaceId) ??
      `contact:${workspaceId}:${await this.pseudonym(streamId)}`
    );
  }

  /** The subject, when it can be named without waiting (a contact's pseudonym worked out already). */
  private knownSubject(kind: SealSubjectKind, streamId: string, workspaceId: string): string | undefined {
    if (kind === 'workspace') return `workspace:${workspaceId}`;
    if (kind === 'account') return `account:${streamId}`;
    // The subject string is kept: a new string per event would be hashed anew at each Map lookup.
    const known = this.contactSubjects.get(streamId);
    if (known?.workspaceId === workspaceId) return known.subject;
    const name = this.pseudonyms.get(streamId);
    if (name === undefined) return undefined;
    const subject = `contact:${workspaceId}:${name}`;
    if (this.contactSubjects.size >= CACHE_LIMIT) this.contactSubjects.clear();
    this.contactSubjects.set(streamId, { workspaceId, subject });
    return subject;
  }

  private readonly contactSubjects = new Map<string, { workspaceId: string; subject: string }>();

  /** Pseudonyms are fixed (the pepper is never destroyed): worked out once per name, bounded. */
  private readonly pseudonyms = new Map<string, string>();

  private async pseudonym(name: string): Promise<string> {
    const known = this.pseudonyms.get(name);
    if (known) return known;
    this.pepper ??= (await this.keys.activeKey(PEPPER_SUBJECT)).key;
    const value = createHmac('sha256', this.pepper).update(name).digest('base64url').slice(0, 22);
    if (this.pseudonyms.size >= CACHE_LIMIT) this.pseudonyms.clear();
    this.pseudonyms.set(name, value);
    return value;
  }

  private routeSubject(workspaceId: string, address: string): Promise<string> {
    return this.pseudonym(`${workspaceId}|${address}`).then((p) => `route:${workspaceId}:${p}`);
  }

  /**
   * The conversation id of a customer's address (a WhatsApp id, which holds their phone number): a
   * pseudonym, so no id in the log, the bus or the read models reveals the number. It comes from the
   * key of the address's route subject: an erasure destroys that key, and the next message from the
   * same number starts a new conversation that nothing links to the erased one.
   */
  async conversationIdFor(workspaceId: string, address: string): Promise<string> {
    const name = this.pseudonyms.get(`${workspaceId}|${address}`);
    const cached = name ? this.cachedActiveKey(`route:${workspaceId}:${name}`) : undefined;
    if (cached) {
      const known = this.conversationIds.get(cached.keyId);
      if (known) return known;
    }
    const { keyId, key } = cached ?? (await this.activeKey(await this.routeSubject(workspaceId, address)));
    const known = this.conversationIds.get(keyId);
    if (known) return known;
    const id = `ct_${createHmac('sha256', key).update(address).digest('hex').slice(0, 24)}`;
    if (this.conversationIds.size >= CACHE_LIMIT) this.conversationIds.clear();
    this.conversationIds.set(keyId, id);
    return id;
  }

  /** Conversation ids by the route key they come from (a new key, a new id). */
  private readonly conversationIds = new Map<string, string>();

  /** Another process destroyed keys (an erasure seen on the log): ask the store again. */
  forgetCachedKeys(): void {
    this.active.clear();
    this.byId.clear();
    this.conversationIds.clear();
    this.keysDestroyed();
  }

  /** Called when keys are destroyed here (caches of opened data drop what they hold). */
  private readonly destroyedListeners: (() => void)[] = [];

  onKeysDestroyed(listener: () => void): void {
    this.destroyedListeners.push(listener);
  }

  private keysDestroyed(): void {
    for (const listener of this.destroyedListeners) listener();
  }

  /** Part of an erasure: the address's next conversation gets a new, unrelated id. */
  async forgetConversationRoute(workspaceId: string, address: string): Promise<number> {
    const subject = await this.routeSubject(workspaceId, address);
    this.active.delete(subject);
    return await this.keys.destroySubject(subject);
  }

  /** The key that seals read models at rest (made once, kept through master-key rotations). */
  async readModelsKey(): Promise<Buffer> {
    return (await this.keys.activeKey(READ_MODELS_SUBJECT)).key;
  }

  /**
   * The current key of the stream's contact subject (what an erasure of the contact destroys), only
   * when this process holds it already: never read or made here, and gone as soon as an erasure here
   * destroys it.
   */
  cachedContactKey(streamId: string, workspaceId: string): { keyId: string; key: Buffer } | undefined {
    const subject = this.knownSubject('contact', streamId, workspaceId);
    return subject === undefined ? undefined : this.cachedActiveKey(subject);
  }

  /** A key by its id; undefined once destroyed. */
  async keyOf(keyId: string): Promise<Buffer | undefined> {
    await this.keyById([keyId]);
    return this.byId.get(keyId)?.value;
  }

  /** The subject's current key when the cache has it: the ingest path then waits on nothing. */
  private cachedActiveKey(subject: string): { keyId: string; key: Buffer } | undefined {
    const cached = this.active.get(subject);
    return cached && cached.until > Date.now() ? cached.value : undefined;
  }

  private async activeKey(subject: string): Promise<{ keyId: string; key: Buffer }> {
    const now = Date.now();
    const cached = this.active.get(subject);
    if (cached && cached.until > now) return cached.value;
    const value = await this.keys.activeKey(subject);
    if (this.active.size >= CACHE_LIMIT) this.active.clear();
    this.active.set(subject, { value, until: now + this.activeKeyMs });
    // What this process seals it soon reads back (a stream's next command): no need to ask again.
    if (this.byId.size >= CACHE_LIMIT) this.byId.clear();
    this.byId.set(value.keyId, { value: value.key, until: now + this.keyByIdMs });
    return value;
  }

  /** The sealed fields of a payload apart from the rest, or undefined when none holds a value. */
  private split(
    fields: readonly string[],
    data: Record<string, unknown>,
  ): { rest: Record<string, unknown>; picked: Record<string, unknown> } | undefined {
    // Built field by field (no `delete`: it turns an object into a slow dictionary).
    const sealedFields = fieldSetOf(fields);
    const rest: Record<string, unknown> = {};
    const picked: Record<string, unknown> = {};
    let any = false;
    for (const field in data) {
      const value = data[field];
      if (sealedFields.has(field) && value !== undefined && value !== null) {
        picked[field] = value;
        any = true;
      } else rest[field] = value;
    }
    return any ? { rest, picked } : undefined;
  }

  private sealWith(
    parts: { rest: Record<string, unknown>; picked: Record<string, unknown> },
    { keyId, key }: { keyId: string; key: Buffer },
  ): Record<string, unknown> {
    parts.rest[SEALED_KEY] = { k: keyId, c: seal(key, JSON.stringify(parts.picked), keyId) };
    return parts.rest;
  }

  /**
   * The stored form of one event's data (any schema version), or undefined when it has nothing to
   * seal (no sealed fields, or sealed already).
   */
  async sealData(
    type: string,
    streamId: string,
    workspaceId: string,
    data: Record<string, unknown>,
  ): Promise<Record<string, unknown> | undefined> {
    const spec = this.registry.definition(type).sealed;
    if (!spec || sealedPartOf(data)) return undefined;
    const parts = this.split(spec.fields, data);
    if (!parts) return undefined;
    return this.sealWith(
      parts,
      await this.activeKey(await this.subjectOf(spec.subject, streamId, workspaceId)),
    );
  }

  /**
   * The stored form of events about to be appended to a stream, at once when every key it needs is
   * cached (the ingest path then waits on nothing); undefined when a key must be read first (seal).
   */
  sealCached(streamId: string, events: readonly NewEvent[]): readonly NewEvent[] | undefined {
    let sealed: NewEvent[] | undefined;
    for (let i = 0; i < events.length; i += 1) {
      const event = events[i]!;
      const spec = this.registry.definition(event.type).sealed;
      if (!spec) continue;
      const subject = this.knownSubject(spec.subject, streamId, event.metadata.workspaceId);
      const key = subject === undefined ? undefined : this.cachedActiveKey(subject);
      if (!key) return undefined;
      const data = event.data as Record<string, unknown>;
      const parts = sealedPartOf(data) ? undefined : this.split(spec.fields, data);
      if (parts) (sealed ??= [...events])[i] = this.registry.withSealedData(event, this.sealWith(parts, key));
    }
    return sealed ?? events;
  }

  /** The stored form of events about to be appended to a stream (the same array when nothing is sealed). */
  async seal(streamId: string, events: readonly NewEvent[]): Promise<readonly NewEvent[]> {
    const now = this.sealCached(streamId, events);
    if (now) return now;
    let sealed: NewEvent[] | undefined;
    for (let i = 0; i < events.length; i += 1) {
      const event = events[i]!;
      const data = event.data as Record<string, unknown>;
      const stored = await this.sealData(event.type, streamId, event.metadata.workspaceId, data);
      if (stored) (sealed ??= [...events])[i] = this.registry.withSealedData(event, stored);
    }
    return sealed ?? events;
  }

  /** Events as the bus carries them: secrets withheld (their consumers read them from the log). */
  forBus(events: readonly StoredEvent[]): readonly StoredEvent[] {
    let out: StoredEvent[] | undefined;
    for (let i = 0; i < events.length; i += 1) {
      const event = events[i]!;
      if (!this.registry.definition(event.type).sealed?.secret || !sealedPartOf(event.data)) continue;
      const data = {
        ...(event.data as Record<string, unknown>),
        [SEALED_KEY]: { k: WITHHELD_KEY_ID, c: '' },
      };
      (out ??= [...events])[i] = { ...event, data } as StoredEvent;
    }
    return out ?? events;
  }

  private async keyById(keyIds: readonly string[]): Promise<void> {
    const now = Date.now();
    let missingSet: Set<string> | undefined;
    for (const id of keyIds) {
      if (id === WITHHELD_KEY_ID) continue;
      const cached = this.byId.get(id);
      if (!cached || cached.until <= now) (missingSet ??= new Set()).add(id);
    }
    if (!missingSet) return;
    const missing = [...missingSet];
    const found = await Promise.all(missing.map((id) => this.keys.keyById(id)));
    if (this.byId.size + missing.length >= CACHE_LIMIT) this.byId.clear();
    missing.forEach((id, i) => this.byId.set(id, { value: found[i], until: now + this.keyByIdMs }));
  }

  /**
   * Opens the sealed events of a batch read back (still sealed: the registry passed them through)
   * and parses them; the others are returned as they are.
   */
  async open(events: readonly StoredEvent[], options: { trusted?: boolean } = {}): Promise<StoredEvent[]> {
    const keyIds: string[] = [];
    for (const event of events) {
      const part = sealedPartOf(event.data);
      if (part) keyIds.push(part.k);
    }
    if (keyIds.length === 0) return events as StoredEvent[];
    await this.keyById(keyIds);
    return events.map((event) => this.openOne(event, options.trusted ?? false));
  }

  private openOne(event: StoredEvent, trusted: boolean): StoredEvent {
    const part = sealedPartOf(event.data);
    if (!part) return event;
    const def = this.registry.definition(event.type);
    const spec = def.sealed;
    // Built field by field (no `delete`: it turns an object into a slow dictionary).
    const stored = event.data as Record<string, unknown>;
    const data: Record<string, unknown> = {};
    for (const field in stored) if (field !== SEALED_KEY) data[field] = stored[field];
    const key = this.byId.get(part.k)?.value;
    if (key && spec) {
      Object.assign(data, JSON.parse(unseal(key, part.c, part.k).toString('utf8')) as object);
      const opened = withData(event, data);
      // Trusted and current (the usual replay): it was validated when it was written.
      return trusted && event.metadata.schemaVersion === def.version
        ? opened
        : this.registry.parse(opened, { trusted });
    }
    for (const field of spec?.fields ?? []) {
      data[field] = spec?.removed && field in spec.removed ? spec.removed[field] : REMOVED_PLACEHOLDER;
    }
    // The placeholders are the store's doing, not a malformed event: no schema check of the data.
    return this.registry.parse({ ...event, data }, { trusted: true });
  }

  /** LGPD erasure of one customer: their conversation stream's key. Answers how many keys went. */
  async destroyContact(workspaceId: string, conversationStreamId: string): Promise<number> {
    const subject = await this.subjectOf('contact', conversationStreamId, workspaceId);
    this.active.delete(subject);
    this.forget((id) => id.startsWith(`${subject}#`));
    this.keysDestroyed();
    return await this.keys.destroySubject(subject);
  }

  /** A workspace's deletion: its secrets' key and every one of its customers'. */
  async destroyWorkspace(workspaceId: string): Promise<number> {
    const prefixes = [`contact:${workspaceId}:`, `route:${workspaceId}:`];
    for (const subject of [...this.active.keys()]) {
      if (subject === `workspace:${workspaceId}` || prefixes.some((p) => subject.startsWith(p))) {
        this.active.delete(subject);
      }
    }
    this.forget((id) => id.startsWith(`workspace:${workspaceId}#`) || prefixes.some((p) => id.startsWith(p)));
    this.keysDestroyed();
    let destroyed = await this.keys.destroySubject(`workspace:${workspaceId}`);
    for (const prefix of prefixes) destroyed += await this.keys.destroySubjectsWithPrefix(prefix);
    return destroyed;
  }

  /** An account's deletion: its credentials' key. */
  async destroyAccount(userStreamId: string): Promise<number> {
    const subject = `account:${userStreamId}`;
    this.keysDestroyed();
    this.active.delete(subject);
    this.forget((id) => id.startsWith(`${subject}#`));
    return await this.keys.destroySubject(subject);
  }

  private forget(matches: (keyId: string) => boolean): void {
    for (const id of [...this.byId.keys()]) if (matches(id)) this.byId.delete(id);
  }
}
