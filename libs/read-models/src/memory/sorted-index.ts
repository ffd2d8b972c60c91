import sortedBtree from 'sorted-btree';
import type { IndexEntry, RangeQuery } from '@atende/events';
import { assertIndexScore } from '../buffered-batch.js';

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

/** Puts a deferred index appends before folding them into its scores. */
const DEFERRED_LOG_LIMIT = 4096;

/**
 * A sorted set (like a Redis ZSET): ids ordered by score then id, O(log n) updates. A deferred index
 * (a rebuild target's, or one restored from a snapshot) appends its puts to a log, folds them into
 * its scores now and then (the latest score wins), and sorts once, on first read. Appending is what a
 * rebuild does most (a put per message), and thousands of small maps growing side by side cost it
 * more than the same maps built one after the other.
 */
export class SortedIndex {
  private tree: InstanceType<typeof BTree<Key, undefined>> | undefined;
  private readonly scores = new Map<string, number>();
  private logIds: string[] = [];
  private logScores: number[] = [];

  constructor(deferred = false) {
    if (!deferred) this.tree = new BTree<Key, undefined>(undefined, compare);
  }

  get size(): number {
    this.foldLog();
    return this.scores.size;
  }

  /** Applies the deferred puts logged so far, in order. */
  private foldLog(): void {
    const ids = this.logIds;
    if (ids.length === 0) return;
    const scores = this.logScores;
    for (let i = 0; i < ids.length; i += 1) this.scores.set(ids[i]!, scores[i]!);
    this.logIds = [];
    this.logScores = [];
  }

  put(id: string, score: number): void {
    if (!this.tree) {
      this.logIds.push(id);
      this.logScores.push(score);
      if (this.logIds.length >= DEFERRED_LOG_LIMIT) this.foldLog();
      return;
    }
    const previous = this.scores.get(id);
    if (previous === score) return;
    this.scores.set(id, score);
    if (previous !== undefined) this.tree.delete({ score: previous, id });
    this.tree.set({ score, id }, undefined);
  }

  delete(id: string): void {
    this.foldLog();
    const previous = this.scores.get(id);
    if (previous === undefined) return;
    this.scores.delete(id);
    this.tree?.delete({ score: previous, id });
  }

  /** Deletes every id that starts with `prefix`. */
  deletePrefix(prefix: string): void {
    this.foldLog();
    for (const id of [...this.scores.keys()]) if (id.startsWith(prefix)) this.delete(id);
  }

  /** Builds the tree of a deferred index (one sort), after which updates are O(log n). */
  materialize(): void {
    if (this.tree) return;
    this.foldLog();
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

  /**
   * Every entry as two parallel arrays (a snapshot's compact form): in index order once the index
   * has been read, otherwise in no particular order (an index not read yet is not sorted for it).
   */
  columns(): { ids: string[]; scores: number[] } {
    const ids: string[] = [];
    const scores: number[] = [];
    if (this.tree) {
      for (const key of this.tree.keys()) {
        ids.push(key.id);
        scores.push(key.score);
      }
    } else {
      this.foldLog();
      for (const [id, score] of this.scores) {
        ids.push(id);
        scores.push(score);
      }
    }
    return { ids, scores };
  }

  /** A deferred index holding `ids` with `scores` (what `columns` returns), sorted when first read. */
  static fromColumns(name: string, ids: readonly string[], scores: readonly number[]): SortedIndex {
    if (ids.length !== scores.length) throw new TypeError(`Index ${name}: columns differ in length`);
    const index = new SortedIndex(true);
    for (let i = 0; i < ids.length; i += 1) {
      assertIndexScore(name, scores[i]!);
      index.scores.set(ids[i]!, scores[i]!);
    }
    return index;
  }
}
