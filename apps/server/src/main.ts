/**
 * npm start [-- --role all|gateway|projector|channel-worker]: the one entry point. Plain `npm start`
 * is the embedded product; with ATENDE_MODE=distributed it runs the role(s) asked for against the
 * shared servers of EVENTSTORE_URL, REDIS_URL and KAFKA_BROKERS.
 */
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '@atende/config';
import { limitEmbeddedHeapGrowth } from './node-flags.js';
import { roleOption, startServer, type RoleOption } from './start-server.js';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let role: RoleOption;
let config;
try {
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
  const parsed = roleOption.safeParse(values.role);
  if (!parsed.success) fail(parsed.error.issues[0]!.message);
  role = parsed.data;
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  // parseArgs: an unknown option or a missing value.
  fail(`Uso: npm start -- [--role all|gateway|projector|channel-worker] (${(error as Error).message})`);
}
const logger = pino({ level: config.LOG_LEVEL, name: 'atende' });
if (config.ATENDE_MODE === 'embedded') limitEmbeddedHeapGrowth();

const exitFatally = (error: Error) => {
  logger.fatal({ err: error }, 'encerrando: este papel não pode continuar');
  process.exit(1);
};
let server;
try {
  server = await startServer(config, role, logger, exitFatally);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'encerrando');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'erro ao encerrar');
        process.exit(1);
      },
    );
  });
}
