import { randomUUID } from 'node:crypto';
import type { JSONEventData, RecordedEvent } from '@eventstore/db-client';
import type { RawStoredEvent } from '@atende/events';
import { readStreamEvents, type EsdbClient } from './client.js';
import { globalPositionOf } from './positions.js';

/**
 * The record of workspace erasures ('Excluir todos os dados da conta'), and the filter it makes.
 *
 * EventStoreDB cannot remove single events. Deleting or truncating a stream hides its events from
 * reads of that stream at once, but `$all` (so every read of the log, in every process) returns
 * them until a scavenge rewrites the chunks that hold them, and the chunk being written is never
 * scavenged. So each erasure is also appended to the namespace's erasure stream
 * (`$atende-erasures-<namespace>`, see StreamNames.erasures): "the events of workspace W written
 * before this record, except those of the kept types". Every adapter instance reads that stream
 * from where it left off (one small read per page of the log it reads) and leaves those events out.
 * The filter costs a map lookup per event, and memory per erased workspace, for good.
 */

/** Type of an erasure record (`$…`: never one of our events). */
export const ERASURE_TYPE = '$atende-workspace-erased';
/** Erasure records read per round trip. */
const PAGE = 500;

/** The data of an erasure record. */
export interface ErasureRecord {
  workspaceId: string;
  keepTypes: string[];
  /** Streams kept whole (absent in records written before it existed). */
  keepStreams?: string[];
}

interface Erasure {
  /** The global position of the record: what the workspace wrote before it is erased. */
  before: number;
  keep: ReadonlySet<string>;
  keepStreams: ReadonlySet<string>;
}

/** Says whether an event (of ours, decoded) is erased. */
export type ErasedTest = (event: RawStoredEvent) => boolean;

/** The workspace named by an event's metadata, if any. */
export function workspaceOf(event: RawStoredEvent): string | undefined {
  const metadata = event.metadata;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const workspaceId = (metadata as { workspaceId?: unknown }).workspaceId;
  return typeof workspaceId === 'string' ? workspaceId : undefined;
}

function erasureOf(record: RecordedEvent): (ErasureRecord & { before: number }) | undefined {
  if (record.type !== ERASURE_TYPE || typeof record.data !== 'object' || record.data === null)
    return undefined;
  const { workspaceId, keepTypes, keepStreams = [] } = record.data as Partial<Record<string, unknown>>;
  if (typeof workspaceId !== 'string' || !Array.isArray(keepTypes) || !Array.isArray(keepStreams))
    return undefined;
  const strings = (list: unknown[]): list is string[] => list.every((item) => typeof item === 'string');
  if (!strings(keepTypes) || !strings(keepStreams)) return undefined;
  return { workspaceId, keepTypes, keepStreams, before: globalPositionOf(record.position) };
}

function erases(erasures: Iterable<Erasure>, event: RawStoredEvent): boolean {
  for (const erasure of erasures) {
    if (
      event.globalPosition < erasure.before &&
      !erasure.keep.has(event.type) &&
      !erasure.keepStreams.has(event.streamId)
    )
      return true;
  }
  return false;
}

export class WorkspaceErasures {
  /** Per workspace, the latest erasure per set of kept types (a later one covers an earlier one). */
  private readonly byWorkspace = new Map<string, Map<string, Erasure>>();
  /** The erasure stream's next revision to read. */
  private next = 0n;
  /** When the last completed read of the erasure stream started (ms since the epoch). */
  private refreshedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly client: () => Promise<EsdbClient>,
    private readonly stream: string,
  ) {}

  /** Reads the erasures recorded since the last read: every erasure completed before this call is then known. */
  async refresh(): Promise<void> {
    const started = Date.now();
    const client = await this.client();
    for (;;) {
      const records = await readStreamEvents(client, this.stream, {
        direction: 'forwards',
        fromRevision: this.next,
        maxCount: PAGE,
      });
      for (const record of records) this.apply(record);
      if (records.length < PAGE) break;
    }
    this.refreshedAt = Math.max(this.refreshedAt, started);
  }

  /** The last refresh started more than `ms` ago (or never ran). */
  isStale(ms: number): boolean {
    return Date.now() - this.refreshedAt >= ms;
  }

  private apply(record: RecordedEvent): void {
    if (record.revision < this.next) return; // applied by a refresh running alongside
    this.next = record.revision + 1n;
    const erasure = erasureOf(record);
    if (erasure === undefined) return;
    const keep = [...new Set(erasure.keepTypes)].sort();
    const keepStreams = [...new Set(erasure.keepStreams ?? [])].sort();
    const erasures = this.byWorkspace.get(erasure.workspaceId) ?? new Map<string, Erasure>();
    this.byWorkspace.set(erasure.workspaceId, erasures);
    const key = JSON.stringify([keep, keepStreams]);
    const known = erasures.get(key);
    if (known === undefined || known.before < erasure.before) {
      erasures.set(key, { before: erasure.before, keep: new Set(keep), keepStreams: new Set(keepStreams) });
    }
  }

  /** Whether an event is erased, by the erasures known now. */
  isErased(event: RawStoredEvent): boolean {
    const workspaceId = workspaceOf(event);
    const erasures = workspaceId === undefined ? undefined : this.byWorkspace.get(workspaceId);
    return erasures !== undefined && erases(erasures.values(), event);
  }

  /** `isErased` for one workspace as it stands now, unchanged by later erasures. */
  snapshot(workspaceId: string): ErasedTest {
    const erasures = [...(this.byWorkspace.get(workspaceId)?.values() ?? [])];
    return (event) => workspaceOf(event) === workspaceId && erases(erasures, event);
  }

  /**
   * Records an erasure (durably: every instance that refreshes then filters), applies it here, and
   * resolves with its global position: the workspace's events below it are erased.
   */
  async record(erasure: ErasureRecord): Promise<number> {
    const client = await this.client();
    const event = {
      id: randomUUID(),
      contentType: 'application/json',
      type: ERASURE_TYPE,
      data: {
        workspaceId: erasure.workspaceId,
        keepTypes: [...erasure.keepTypes],
        keepStreams: [...(erasure.keepStreams ?? [])],
      },
      metadata: undefined,
    } as JSONEventData;
    const result = await client.appendToStream(this.stream, event, { expectedRevision: 'any' });
    await this.refresh();
    if (result.position !== undefined) return globalPositionOf(result.position);
    const [recorded] = await readStreamEvents(client, this.stream, {
      direction: 'forwards',
      fromRevision: result.nextExpectedRevision,
      maxCount: 1,
    });
    return globalPositionOf(recorded?.position);
  }
}
