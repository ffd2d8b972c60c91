import type {
  IndexEntry,
  ProjectionBatch,
  ProjectionDump,
  ProjectionView,
  ProjectionWriter,
  RangeQuery,
} from '@atende/events';
import { BufferedBatch, DELETED, type BatchChanges } from '../buffered-batch.js';
import type { DocCodec } from '../doc-codec.js';
import type { DocCache } from '../doc-cache.js';
import { commitRequest } from './commit-request.js';
import type { Commits } from './group-commit.js';
import type { ReadModelStatements, Space } from './statements.js';

/** One version's documents: from the cache, else read from the file, opened and kept. */
export class Docs {
  constructor(
    private readonly sql: ReadModelStatements,
    private readonly codec: DocCodec,
    readonly space: Space,
    private readonly cache: DocCache,
  ) {}

  get(collection: string, id: string): { found: boolean; doc?: unknown } {
    const known = this.cache.peek(collection, id);
    if (known) return known;
    const raw = this.sql.doc(this.space, collection, id);
    const doc = raw === undefined ? undefined : this.codec.decode(raw);
    this.cache.set(collection, id, doc);
    return doc === undefined ? { found: false } : { found: true, doc };
  }

  /** After a commit: what it wrote (undefined: deleted), or everything forgotten after an erasure. */
  written(changes: BatchChanges): void {
    if (changes.erasures.length > 0) {
      this.cache.clear();
      return;
    }
    for (const [collection, docs] of changes.docs) {
      for (const [id, doc] of docs) this.cache.set(collection, id, doc === DELETED ? undefined : doc);
    }
    this.cache.trim();
  }

  decode(raw: string): unknown {
    return this.codec.decode(raw);
  }
}

export class SqliteView implements ProjectionView {
  constructor(
    protected readonly sql: ReadModelStatements,
    protected readonly docsOf: (space: Space) => Docs,
    protected readonly space: () => Space,
  ) {}

  async get<T>(collection: string, id: string): Promise<T | undefined> {
    return this.docsOf(this.space()).get(collection, id).doc as T | undefined;
  }

  async getMany<T>(collection: string, ids: readonly string[]): Promise<(T | undefined)[]> {
    const docs = this.docsOf(this.space());
    return ids.map((id) => docs.get(collection, id).doc as T | undefined);
  }

  async range(index: string, query: RangeQuery = {}): Promise<IndexEntry[]> {
    return this.sql.range(this.space(), index, query);
  }

  async count(
    index: string,
    query: Pick<RangeQuery, 'min' | 'max' | 'minExclusive' | 'maxExclusive'> = {},
  ): Promise<number> {
    return this.sql.count(this.space(), index, query);
  }

  async checkpoint(): Promise<number> {
    return this.sql.checkpoint(this.space());
  }

  async dump(): Promise<ProjectionDump> {
    const space = this.space();
    const opened = this.docsOf(space);
    const docs: ProjectionDump['docs'] = {};
    for (const row of this.sql.allDocs(space)) {
      (docs[row.collection] ??= {})[row.id] = opened.decode(row.doc);
    }
    const indexes: ProjectionDump['indexes'] = {};
    for (const row of this.sql.allEntries(space)) {
      (indexes[row.name] ??= []).push({ id: row.id, score: row.score });
    }
    return { checkpoint: this.sql.checkpoint(space), docs, indexes };
  }
}

export interface WriterOptions {
  projection: string;
  /** The live writer: its commits are refused once a rebuild switched another version in. */
  serving: boolean;
  commits: Commits;
  text: (doc: unknown) => string;
  /**
   * Each version's checkpoint as its last commit here left it (only this process writes the file,
   * through these commits): a batch starts without reading it. Forgotten when unsure (a refused
   * commit, a switch, a clear): then read from the file.
   */
  checkpoints: Map<Space, number>;
}

export class SqliteWriter extends SqliteView implements ProjectionWriter {
  constructor(
    sql: ReadModelStatements,
    docsOf: (space: Space) => Docs,
    space: () => Space,
    private readonly options: WriterOptions,
  ) {
    super(sql, docsOf, space);
  }

  async beginBatch(): Promise<ProjectionBatch> {
    const space = this.space();
    const docs = this.docsOf(space);
    const { projection, serving, commits, text, checkpoints } = this.options;
    const expected = checkpoints.get(space) ?? this.sql.checkpoint(space);
    return new BufferedBatch(
      expected,
      // Reads are synchronous and complete: SQLite answers at once (fetchMissing is never needed).
      (collection, id) => docs.get(collection, id),
      async (changes, checkpoint) => {
        // The batch's rows and its checkpoint together, or nothing when the checkpoint moved.
        try {
          await commits.run(
            commitRequest({ projection, space, serving, expected, checkpoint }, changes, text),
          );
        } catch (error) {
          checkpoints.delete(space);
          throw error;
        }
        checkpoints.set(space, checkpoint);
        docs.written(changes);
      },
    );
  }
}
