/**
 * bench:ingest's phase 3, the baselines: the same kind of row as an inbound message, one per
 * transaction, through raw better-sqlite3, through the event store's single-event appends awaited one
 * by one (what the bridge does per message), and through the same appends with the fields sealed.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import * as eventStore from '@atende/event-store';
import * as events from '@atende/events';

export interface IngestBaselines {
  /** Rows per second, raw better-sqlite3. */
  rawRate: number;
  /** Events per second, the event store. */
  storeRate: number;
  /** Events per second, the event store with the sensitive fields sealed. */
  sealedRate: number;
}

/** `baseline` rows over `phones` (a customer each), written in files under `dir`. */
export async function measureBaselines(options: {
  dir: string;
  synchronous: 'normal' | 'full';
  baseline: number;
  phones: string[];
  sessionId: string;
}): Promise<IngestBaselines> {
  const { dir, synchronous, baseline: BASELINE, phones, sessionId } = options;
  const PHONES = phones.length;
  const at = new Date().toISOString();
  const rows = Array.from({ length: BASELINE }, (_, i) => {
    const chatId = `${phones[i % PHONES]}@c.us`;
    return {
      streamId: events.streams.conversation('bench', chatId),
      event: events.atendeRegistry.prepare(
        {
          type: 'InboundMessageReceived',
          data: {
            messageId: events.newId(),
            chatId,
            sessionId,
            providerMessageId: `base-${i}`,
            content: `tp:${i}`,
            type: 'text',
            mediaUrl: null,
            mediaStatus: 'none',
            senderName: `Cliente ${i % PHONES}`,
            senderPhone: phones[i % PHONES]!,
            timestamp: at,
          },
        },
        { workspaceId: 'bench' },
      ),
    };
  });
  const db = new Database(path.join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous.toUpperCase()}`);
  db.exec(eventStore.SCHEMA_SQL);
  const insert = db.prepare(eventStore.INSERT_EVENT_SQL);
  const versions = new Map<string, number>();
  const insertOne = db.transaction((streamId: string, event: (typeof rows)[number]['event']) => {
    const position = (versions.get(streamId) ?? -1) + 1;
    versions.set(streamId, position);
    insert.run(...eventStore.eventRowValues(streamId, position, event));
  });
  let started = performance.now();
  for (const { streamId, event } of rows) insertOne(streamId, event);
  const rawRate = BASELINE / ((performance.now() - started) / 1000);
  db.close();

  const store = eventStore.createSqliteEventStore({ filename: path.join(dir, 'store.db'), synchronous });
  started = performance.now();
  for (const { streamId, event } of rows) await store.appendToStream(streamId, [event]);
  const storeRate = BASELINE / ((performance.now() - started) / 1000);
  await store.close();

  // The same appends with the sensitive fields sealed (one AES-256-GCM per message, issue 26).
  const sealed = new eventStore.EncryptedEventStore(
    eventStore.createSqliteEventStore({ filename: path.join(dir, 'sealed.db'), synchronous }),
    new eventStore.FieldCipher(
      new eventStore.SqliteKeyStore(
        path.join(dir, 'bench-keys.db'),
        eventStore.MasterKey.random(),
        synchronous,
      ),
    ),
  );
  started = performance.now();
  for (const { streamId, event } of rows) await sealed.appendToStream(streamId, [event]);
  const sealedRate = BASELINE / ((performance.now() - started) / 1000);
  await sealed.close();
  return { rawRate, storeRate, sealedRate };
}
