/**
 * npm run replay -- [--projection NAME ...|--all] [--dry-run] [--target sqlite|redis]
 * Rebuilds read models from the event log into fresh versions while the old ones keep serving,
 * then switches (blue/green). Embedded mode asks the running process over DATA_DIR/ops.sock; with
 * Atende stopped, it rebuilds DATA_DIR/read-models.db itself.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RedisReadModels, sealedDocCodec } from '@atende/read-models';
import { openSqliteReadModels } from '@atende/gateway';
import { pino } from 'pino';
import {
  OPS_SOCKET_NAME,
  opsServerRunning,
  rebuild,
  sendOpsRequest,
  type RebuildReport,
} from '@atende/projector';
import { CliError, runCli } from './ops/cli-error.js';
import { openSharedStoreForOps, opsConfig, selectProjections } from './ops/open.js';
import { printRebuildReport, rebuildProgressBar } from './ops/progress.js';

runCli(async () => {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        projection: { type: 'string', multiple: true, default: [] },
        all: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        target: { type: 'string' },
        // The distributed processes' read models: `${ATENDE_REDIS_PREFIX}rm:` (settings.ts).
        prefix: { type: 'string', default: `${process.env.ATENDE_REDIS_PREFIX || 'atende:'}rm:` },
      },
    }));
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  const config = opsConfig();
  const projections = selectProjections(values.projection, values.all);
  const dryRun = values['dry-run'];
  // `memory`: what the embedded target was called while its read models lived in the heap.
  const named = values.target === 'memory' ? 'sqlite' : values.target;
  const target = named ?? (config.ATENDE_MODE === 'distributed' ? 'redis' : 'sqlite');
  if (target !== 'sqlite' && target !== 'redis')
    throw new CliError(`--target must be sqlite or redis, not "${target}"`);
  const bar = rebuildProgressBar(dryRun ? 'Dry run' : 'Rebuilding');

  if (target === 'sqlite') {
    const socket = path.join(config.dataDir, OPS_SOCKET_NAME);
    if (await opsServerRunning(socket)) {
      let report: RebuildReport | undefined;
      let failure: string | undefined;
      await sendOpsRequest(
        socket,
        { command: 'replay', projections: projections.map((p) => p.name), dryRun },
        (m) => {
          if (m.kind === 'progress') bar.update(m);
          else if (m.kind === 'done') report = m.report as RebuildReport;
          else failure = m.message;
        },
      );
      bar.stop();
      if (failure) throw new CliError(failure);
      if (!report) throw new CliError('the running process closed the connection without a report');
      printRebuildReport(report, dryRun);
      return;
    }
    // Atende is stopped: the versions are rebuilt in its read-models.db, as the process would.
    const store = openSharedStoreForOps(config);
    const { readModels } = await openSqliteReadModels({
      dataDir: config.dataDir,
      key: await store.cipher.readModelsKey(),
      store,
      logger: pino({ level: 'warn' }),
    });
    try {
      const report = await rebuild({ store, readModels, projections, dryRun, onProgress: bar.update });
      bar.stop();
      printRebuildReport(report, dryRun);
    } finally {
      await readModels.swept();
      await readModels.close();
      await store.close();
    }
    return;
  }

  const store = openSharedStoreForOps(config);
  const readModels = new RedisReadModels({
    url: config.REDIS_URL,
    prefix: values.prefix,
    codec: sealedDocCodec(await store.cipher.readModelsKey()),
  });
  try {
    await readModels.ping().catch(() => {
      throw new CliError(`Redis is not reachable at ${config.REDIS_URL}`);
    });
    const report = await rebuild({
      store,
      readModels,
      projections,
      dryRun,
      onProgress: bar.update,
      concurrent: true,
    });
    bar.stop();
    printRebuildReport(report, dryRun);
  } finally {
    bar.stop();
    await readModels.close();
    await store.close();
  }
});
