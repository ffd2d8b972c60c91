import sortedBtree from 'sorted-btree';
import type { IndexEntry, RangeQuery } from '@atende/events';

// sorted-btree is CommonJS with `exports.default`: Node's ESM loader hands over the exports object,
// a CommonJS transpiler the class itself.
type BTreeClass = typeof sortedBtree.default;
const BTree: BTreeClass =
  (sortedBtree as unknown as { default?: BTreeClass }).default ?? (sortedBtree as unknown as BTreeClass);

/** Key in the tree: score, then id; `edge` makes a probe sort before (-1) or after (+1) every id of a score. */
interface Key {
  score: number;
  id: string;
  edge?: -1 | 1;
}

function compare(a: Key, b: Key): number {
  if (a.score !== b.score) return a.score < b.score ? -1 : 1;
  const ea = a.edge ?? 0;
  const eb = b.edge ?? 0;
  if (ea !== 0 || eb !== 0) return ea - eb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A sorted set (like a Redis ZSET): ids ordered by score then id, O(log n) updates. A deferred index
 * (a rebuild target's) only keeps each id's latest score and sorts once, on first read.
 */
export class SortedIndex {
  private tree: InstanceType<typeof BTree<Key, undefined>> | undefined;
  private readonly scores = new Map<string, number>();

  constructor(deferred = false) {
    if (!deferred) this.tree = new BTree<Key, undefined>(undefined, compare);
  }

  get size(): number {
    return this.scores.size;
  }

  put(id: string, score: number): void {
    if (!this.tree) {
      this.scores.set(id, score);
      return;
    }
    const previous = this.scores.get(id);
    if (previous === score) return;
    this.scores.set(id, score);
    if (previous !== undefined) this.tree.delete({ score: previous, id });
    this.tree.set({ score, id }, undefined);
  }

  delete(id: string): void {
    const previous = this.scores.get(id);
    if (previous === undefined) return;
    this.scores.delete(id);
    this.tree?.delete({ score: previous, id });
  }

  /** Deletes every id that starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const id of [...this.scores.keys()]) if (id.startsWith(prefix)) this.delete(id);
  }

  /** Builds the tree of a deferred index (one sort), after which updates are O(log n). */
  materialize(): void {
    if (this.tree) return;
    const keys: Key[] = [];
    for (const [id, score] of this.scores) keys.push({ score, id });
    keys.sort(compare);
    this.tree = new BTree<Key, undefined>(
      keys.map((k) => [k, undefined] as [Key, undefined]),
      compare,
    );
  }

  range(query: RangeQuery = {}): IndexEntry[] {
    this.materialize();
    const tree = this.tree!;
    const { reverse = false, min, max, minExclusive = false, maxExclusive = false, offset = 0 } = query;
    const limit = query.limit ?? Infinity;
    const out: IndexEntry[] = [];
    if (limit <= 0) return out;
    let skipped = 0;
    const keys: Iterable<Key> = reverse
      ? this.reversedKeys(max === undefined ? undefined : { score: max, id: '', edge: 1 })
      : tree.keys(min === undefined ? undefined : { score: min, id: '', edge: -1 });
    for (const key of keys) {
      if (min !== undefined && (key.score < min || (minExclusive && key.score === min))) {
        if (reverse) break;
        continue;
      }
      if (max !== undefined && (key.score > max || (maxExclusive && key.score === max))) {
        if (!reverse) break;
        continue;
      }
      if (skipped < offset) {
        skipped += 1;
        continue;
      }
      out.push({ id: key.id, score: key.score });
      if (out.length >= limit) break;
    }
    return out;
  }

  private *reversedKeys(highest: Key | undefined): Generator<Key> {
    for (const [key] of this.tree!.entriesReversed(highest)) yield key;
  }

  count(query: Pick<RangeQuery, 'min' | 'max' | 'minExclusive' | 'maxExclusive'> = {}): number {
    if (query.min === undefined && query.max === undefined) return this.size;
    return this.range(query).length;
  }

  entries(): IndexEntry[] {
    return this.range();
  }
}
