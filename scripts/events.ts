/**
 * npm run events -- tail [--from N] | stats | export --stream ID | at --stream ID --position N | encrypt
 * Looks into the event log: follow it live, count events, export a stream as NDJSON, or show a
 * stream's read model exactly as it was at a past global position (time travel); `encrypt` brings a
 * log written before encryption to the encrypted form, in place, conversations named by a customer's
 * WhatsApp id renamed to their pseudonym.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AtendeConfig } from '@atende/config';
import {
  FileMediaStore,
  SealedMediaStore,
  encryptSqliteLog,
  logChanged,
  type EncryptedEventStore,
} from '@atende/event-store';
import type { EventStore, StoredEvent } from '@atende/events';
import { streamCategory } from '@atende/events';
import { MemoryReadModels, SQLITE_READ_MODELS_FILE } from '@atende/read-models';
import { OPS_SOCKET_NAME, applyBatch, opsServerRunning, projectionsForCategory } from '@atende/projector';
import { CliError, runCli } from './ops/cli-error.js';
import { logLocation } from '@atende/server';
import { openSharedStoreForOps, opsConfig } from './ops/open.js';

const USAGE =
  'usage: npm run events -- tail [--from N] | stats | export --stream ID | at --stream ID --position N | encrypt';

function positiveInteger(value: string | undefined, flag: string): number {
  if (value === undefined) throw new CliError(`${flag} is required`);
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new CliError(`${flag} must be a positive integer, not "${value}"`);
  return Number(value);
}

function oneLine(event: StoredEvent): string {
  const data = JSON.stringify(event.data);
  const summary = data.length > 140 ? `${data.slice(0, 137)}...` : data;
  return `#${event.globalPosition}  ${event.metadata.occurredAt}  ${event.type.padEnd(26)} ${event.streamId}  ${summary}`;
}

async function tail(store: EventStore, from: number | undefined): Promise<void> {
  const start = from ?? (await store.lastGlobalPosition()) + 1;
  console.error(`following the event log from position ${start} (Ctrl-C to stop)`);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  for await (const event of store.subscribe(start, { signal: controller.signal }))
    console.log(oneLine(event));
}

async function stats(store: EventStore): Promise<void> {
  const byType = new Map<string, number>();
  const byCategory = new Map<string, Set<string>>();
  let total = 0;
  let first: string | undefined;
  let last: string | undefined;
  for await (const event of store.readAll(1, { batchSize: 5000 })) {
    total += 1;
    byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
    const category = streamCategory(event.streamId) ?? 'other';
    if (!byCategory.has(category)) byCategory.set(category, new Set());
    byCategory.get(category)!.add(event.streamId);
    first ??= event.metadata.occurredAt;
    last = event.metadata.occurredAt;
  }
  console.log(`${total.toLocaleString('en-US')} events${first ? ` from ${first} to ${last}` : ''}\n`);
  console.log(`${'event type'.padEnd(30)}${'count'.padStart(12)}`);
  for (const [type, count] of [...byType].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    console.log(`${type.padEnd(30)}${count.toLocaleString('en-US').padStart(12)}`);
  }
  console.log(`\n${'stream category'.padEnd(30)}${'streams'.padStart(12)}`);
  for (const [category, ids] of [...byCategory].sort()) {
    console.log(`${category.padEnd(30)}${ids.size.toLocaleString('en-US').padStart(12)}`);
  }
}

async function exportStream(store: EventStore, streamId: string): Promise<void> {
  const events = await store.readStream(streamId);
  if (events.length === 0) throw new CliError(`stream "${streamId}" has no events`);
  for (const event of events) process.stdout.write(`${JSON.stringify(event)}\n`);
}

async function at(store: EventStore, streamId: string, position: number): Promise<void> {
  const last = await store.lastGlobalPosition();
  if (position > last) throw new CliError(`position ${position} is past the end of the log (${last})`);
  const events = (await store.readStream(streamId)).filter((e) => e.globalPosition <= position);
  if (events.length === 0) throw new CliError(`stream "${streamId}" had no events at position ${position}`);
  const projections = projectionsForCategory(streamCategory(streamId));
  const readModels = new MemoryReadModels();
  const views: Record<string, unknown> = {};
  for (const projection of projections) {
    await applyBatch(projection, readModels.writer(projection.name), events);
    views[projection.name] = (await readModels.view(projection.name).dump()).docs;
  }
  console.log(
    JSON.stringify(
      {
        stream: streamId,
        atPosition: position,
        events: events.length,
        lastEvent: oneLine(events[events.length - 1]!),
        readModels: views,
      },
      null,
      2,
    ),
  );
}

/**
 * Seals the SQLite log in place and renames the conversations still named by a customer's WhatsApp
 * id (their media sealed again with the new key), then makes sure no read model made from the old
 * log is served: the embedded read models' file is deleted (the next start rebuilds from the log); the
 * distributed processes' read models must be replayed.
 */
async function encrypt(config: AtendeConfig, store: EncryptedEventStore): Promise<void> {
  const media = new SealedMediaStore(
    new FileMediaStore({ root: path.join(config.dataDir, 'media') }),
    store.cipher,
  );
  const report = await encryptSqliteLog(path.join(config.dataDir, 'events.db'), store.cipher, { media });
  const n = (value: number) => value.toLocaleString('pt-BR');
  console.log(`${n(report.sealed)} eventos cifrados (${n(report.scanned)} com campos sensíveis examinados).`);
  console.log(
    `${n(report.renamed)} conversas antigas renomeadas (${n(report.renamedErased)} já excluídas), ` +
      `${n(report.references)} referências a elas e ${n(report.media)} mídias cifradas de novo.`,
  );
  if (report.providerIds > 0) {
    console.log(`${n(report.providerIds)} ids de mensagens do WhatsApp sem o número do cliente.`);
  }
  if (report.notRenamed > 0) {
    console.log(`${n(report.notRenamed)} conversas antigas mantidas: o novo nome já é de outra conversa.`);
  }
  if (!logChanged(report)) return;
  // The embedded read models name conversations as the log did: they are made again from it.
  for (const suffix of ['', '-wal', '-shm']) {
    rmSync(path.join(config.dataDir, `${SQLITE_READ_MODELS_FILE}${suffix}`), { force: true });
  }
  console.log(
    config.ATENDE_MODE === 'distributed'
      ? 'Agora reconstrua os modelos de leitura: npm run replay -- --all (antes de iniciar o Atende).'
      : 'Os modelos de leitura serão reconstruídos a partir do registro no próximo início.',
  );
}

runCli(async () => {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { stream: { type: 'string' }, position: { type: 'string' }, from: { type: 'string' } },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  const [command] = parsed.positionals;
  const { values } = parsed;
  if (!command || !['tail', 'stats', 'export', 'at', 'encrypt'].includes(command)) throw new CliError(USAGE);
  const config = opsConfig();
  if (command === 'encrypt' && logLocation(config).kind !== 'sqlite') {
    throw new CliError('encrypt cifra o registro SQLite de DATA_DIR; este Atende usa EVENTSTORE_URL');
  }
  const store = openSharedStoreForOps(config);
  if (command === 'encrypt') {
    try {
      if (await opsServerRunning(path.join(config.dataDir, OPS_SOCKET_NAME))) {
        throw new CliError(
          `pare o Atende antes de cifrar o registro (ele está rodando em ${config.dataDir})`,
        );
      }
      await encrypt(config, store);
    } finally {
      await store.close();
    }
    return;
  }
  try {
    if (command === 'tail')
      await tail(store, values.from === undefined ? undefined : positiveInteger(values.from, '--from'));
    else if (command === 'stats') await stats(store);
    else if (command === 'export') {
      if (!values.stream) throw new CliError('--stream is required');
      await exportStream(store, values.stream);
    } else {
      if (!values.stream) throw new CliError('--stream is required');
      await at(store, values.stream, positiveInteger(values.position, '--position'));
    }
  } finally {
    await store.close();
  }
});
