/**
 * A small immutable string-keyed map (a hash trie with path copying). `set` returns a new map and
 * shares everything it did not touch, so folding a conversation with n messages costs O(n log n)
 * instead of the O(n²) of copying a plain record on every event.
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

interface Entry<V> {
  readonly key: string;
  readonly value: V;
}
/** Every key whose full hash is `hash` (more than one only on a hash collision). */
interface Bucket<V> {
  readonly kind: 'bucket';
  readonly hash: number;
  readonly entries: readonly Entry<V>[];
}
interface Branch<V> {
  readonly kind: 'branch';
  readonly slots: readonly (Slot<V> | undefined)[];
}
type Slot<V> = Bucket<V> | Branch<V>;

/** FNV-1a, 32 bits. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function emptyBranch<V>(): Branch<V> {
  return { kind: 'branch', slots: new Array<Slot<V> | undefined>(WIDTH).fill(undefined) };
}

function withSlot<V>(branch: Branch<V>, index: number, slot: Slot<V>): Branch<V> {
  const slots = branch.slots.slice();
  slots[index] = slot;
  return { kind: 'branch', slots };
}

/** Returns the new branch and whether the key was new. Two different 32-bit hashes part by shift 30. */
function insert<V>(
  branch: Branch<V>,
  hash: number,
  shift: number,
  key: string,
  value: V,
): [Branch<V>, boolean] {
  const index = (hash >>> shift) & MASK;
  const slot = branch.slots[index];
  if (slot === undefined) {
    return [withSlot(branch, index, { kind: 'bucket', hash, entries: [{ key, value }] }), true];
  }
  if (slot.kind === 'branch') {
    const [child, added] = insert(slot, hash, shift + BITS, key, value);
    return [withSlot(branch, index, child), added];
  }
  if (slot.hash === hash) {
    const at = slot.entries.findIndex((e) => e.key === key);
    const entries = slot.entries.slice();
    if (at === -1) entries.push({ key, value });
    else entries[at] = { key, value };
    return [withSlot(branch, index, { kind: 'bucket', hash, entries }), at === -1];
  }
  // Another hash lives here: push it one level down and insert beside it.
  const pushedDown = withSlot(emptyBranch<V>(), (slot.hash >>> (shift + BITS)) & MASK, slot);
  const [child] = insert(pushedDown, hash, shift + BITS, key, value);
  return [withSlot(branch, index, child), true];
}

function* walk<V>(slot: Slot<V> | undefined): Generator<[string, V]> {
  if (slot === undefined) return;
  if (slot.kind === 'bucket') {
    for (const e of slot.entries) yield [e.key, e.value];
    return;
  }
  for (const child of slot.slots) yield* walk(child);
}

export class PersistentMap<V> {
  private constructor(
    private readonly root: Branch<V>,
    /** Number of keys. */
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(emptyBranch<V>(), 0);
  }

  static from<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    for (const [key, value] of entries) map = map.set(key, value);
    return map;
  }

  private find(key: string): Entry<V> | undefined {
    const hash = hashOf(key);
    let branch: Branch<V> = this.root;
    for (let shift = 0; ; shift += BITS) {
      const slot = branch.slots[(hash >>> shift) & MASK];
      if (slot === undefined) return undefined;
      if (slot.kind === 'bucket')
        return slot.hash === hash ? slot.entries.find((e) => e.key === key) : undefined;
      branch = slot;
    }
  }

  get(key: string): V | undefined {
    return this.find(key)?.value;
  }

  has(key: string): boolean {
    return this.find(key) !== undefined;
  }

  /** A new map with `key` set to `value`; this one is unchanged. */
  set(key: string, value: V): PersistentMap<V> {
    const [root, added] = insert(this.root, hashOf(key), 0, key, value);
    return new PersistentMap(root, added ? this.size + 1 : this.size);
  }

  /** Entries in hash order (not insertion order). */
  entries(): IterableIterator<[string, V]> {
    return walk(this.root);
  }

  toObject(): Record<string, V> {
    return Object.fromEntries(this.entries());
  }
}
