import { randomUUID } from 'node:crypto';
import type { JSONEventData } from '@eventstore/db-client';
import type { ClaimBackend, ClaimRecord, ClaimState } from './event-id-claims.js';
import { readStreamEvents, type EsdbClient } from './client.js';
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
