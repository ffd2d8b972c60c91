import { randomUUID } from 'node:crypto';
import type { JSONEventData } from '@eventstore/db-client';
import type { ClaimBackend, ClaimRecord, ClaimState } from './event-id-claims.js';
import { readStreamEvents, type EsdbClient } from './client.js';
import { isConflict } from './errors.js';
import { globalPositionOf } from './positions.js';
import type { StreamNames } from './names.js';

const CLAIMED = '$atende-claimed';
const RELEASED = '$atende-released';
/** Events read per round trip when looking for stored ids in a stream (newest first). */
const LOOKUP_PAGE = 200;

/** Claims kept in EventStoreDB: one `$atende-eid-…` stream per event id (see event-id-claims.ts). */
export class EsdbClaimBackend implements ClaimBackend {
  constructor(
    private readonly client: () => Promise<EsdbClient>,
    private readonly names: StreamNames,
  ) {}

  async lastClaim(eventKey: string): Promise<ClaimState | undefined> {
    const [last] = await readStreamEvents(await this.client(), this.names.claim(eventKey), {
      direction: 'backwards',
      fromRevision: 'end',
      maxCount: 1,
    });
    if (last === undefined) return undefined;
    return { revision: last.revision, record: claimRecordOf(last.type, last.data) };
  }

  async writeClaim(eventKey: string, record: ClaimRecord, expected: 'no_stream' | bigint): Promise<bigint> {
    const event = {
      id: randomUUID(),
      contentType: 'application/json',
      type: record.kind === 'claimed' ? CLAIMED : RELEASED,
      data: record,
      metadata: undefined,
    } as JSONEventData;
    const client = await this.client();
    const result = await client.appendToStream(this.names.claim(eventKey), event, {
      expectedRevision: expected,
    });
    return result.nextExpectedRevision;
  }

  /**
   * Deletes an id's claim if it still names `stream` (the id's event was erased there), so that the
   * id can be appended anew at once: a soft-deleted claim stream reads as missing and accepts the
   * next claim's `no_stream` write. Also drops the stream name from the claim. A claim taken again
   * meanwhile (by a writer of that id) stays.
   */
  async forget(eventKey: string, stream: string): Promise<void> {
    const state = await this.lastClaim(eventKey);
    if (state?.record.kind !== 'claimed' || state.record.stream !== stream) return;
    const client = await this.client();
    try {
      await client.deleteStream(this.names.claim(eventKey), { expectedRevision: state.revision });
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }

  /** Reads the stream backwards (recent events first: a retried append is usually recent). */
  async findStored(stream: string, eventKeys: ReadonlySet<string>): Promise<Map<string, number>> {
    const client = await this.client();
    const found = new Map<string, number>();
    let from: bigint | 'end' = 'end';
    for (;;) {
      const page = await readStreamEvents(client, stream, {
        direction: 'backwards',
        fromRevision: from,
        maxCount: LOOKUP_PAGE,
      });
      for (const event of page) {
        const key = event.id.toLowerCase();
        if (eventKeys.has(key) && !found.has(key)) found.set(key, globalPositionOf(event.position));
      }
      const oldest = page[page.length - 1];
      if (found.size === eventKeys.size || page.length < LOOKUP_PAGE || !oldest || oldest.revision === 0n) {
        return found;
      }
      from = oldest.revision - 1n;
    }
  }
}

/** A claim stream's record; anything unreadable counts as a claim on an unknown stream (never released by us). */
export function claimRecordOf(type: string, data: unknown): ClaimRecord {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Partial<Record<string, unknown>>;
  const owner = typeof record.owner === 'string' ? record.owner : 'unknown';
  if (type === RELEASED) return { kind: 'released', owner };
  return { kind: 'claimed', stream: typeof record.stream === 'string' ? record.stream : '$unknown', owner };
}
