/**
 * The infra host's throwaway servers, each bound to the host's own address inside its namespace:
 * PostgreSQL (event log, keys, leases, media), Redis (read models, sessions, queues) and a
 * single-node Kafka (KRaft). Never the machine's own servers on 127.0.0.1.
 */
import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startCommand, type RunningProcess } from '../distributed/process-harness.js';
import { inHost, type Host } from './netns.js';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const BROKER = fileURLToPath(new URL('../kafka/kafka-broker.mjs', import.meta.url));
export const PG_PORT = 5432;
export const REDIS_PORT = 6379;
/** Not 9092: the broker script keeps its state under .tmp/kafka by port, and 9092 is a user's usual one. */
export const KAFKA_PORT = 39092;
const execFileAsync = promisify(execFile);

/** The `postgres` account: initdb refuses root, and PostgreSQL must own its data folder. */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => {
    try {
      return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());
    } catch (error) {
      throw new Error('PostgreSQL needs the "postgres" user on this machine', { cause: error });
    }
  };
  return { uid: id('-u'), gid: id('-g') };
}

export interface Infra {
  eventStoreUrl: string;
  redisUrl: string;
  kafkaBrokers: string;
  /** Stops Kafka and starts it again: `keepData` on the same log, otherwise on an empty one. */
  restartKafka(keepData: boolean, downMs?: number): Promise<void>;
  /** Every server, also after a failure. */
  stop(): Promise<void>;
}

/**
 * Starts the three servers on `host` (files under `dir`). PostgreSQL trusts every address of
 * `subnet` (a /24 prefix such as `10.213.77`): only this test's namespaces are on it.
 */
export async function startInfra(host: Host, dir: string, subnet: string): Promise<Infra> {
  const started: RunningProcess[] = [];
  let kafkaUp = false;
  const kafka = async (command: 'start' | 'stop', ...flags: string[]) => {
    const script = [process.execPath, BROKER, command, ...flags];
    // Only `start` needs the namespace (the JVM it launches listens there); `stop` signals a pid.
    const argv = command === 'start' ? [...inHost(host), ...script] : script;
    try {
      await execFileAsync(argv[0]!, argv.slice(1), {
        env: { ...process.env, ATENDE_KAFKA_HOST: host.ip, ATENDE_KAFKA_PORT: String(KAFKA_PORT) },
        encoding: 'utf8',
        timeout: 120_000,
      });
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`kafka ${command}: ${(error as Error).message}\n${stdout}${stderr}`, { cause: error });
    }
  };
  const stop = async () => {
    const failures: unknown[] = [];
    if (kafkaUp) await kafka('stop').catch((e: unknown) => failures.push(e));
    kafkaUp = false;
    for (const p of started.reverse()) await p.stop(10_000).catch((e: unknown) => failures.push(e));
    if (failures.length > 0) throw new AggregateError(failures, 'stopping the infra host failed');
  };
  try {
    started.push(await startPostgres(host, path.join(dir, 'postgres'), subnet));
    started.push(
      await startCommand(
        'redis',
        [
          ...inHost(host),
          '/usr/bin/redis-server',
          ...['--bind', host.ip, '--port', String(REDIS_PORT), '--save', '', '--appendonly', 'no'],
          ...['--protected-mode', 'no', '--dir', dir],
        ],
        {},
        30_000,
        /Ready to accept connections/,
      ),
    );
    await kafka('start');
    kafkaUp = true;
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    eventStoreUrl: `postgres://postgres@${host.ip}:${PG_PORT}/atende`,
    redisUrl: `redis://${host.ip}:${REDIS_PORT}`,
    kafkaBrokers: `${host.ip}:${KAFKA_PORT}`,
    async restartKafka(keepData, downMs = 3_000) {
      kafkaUp = false;
      await kafka('stop', ...(keepData ? ['--keep'] : []));
      await new Promise((r) => setTimeout(r, downMs));
      await kafka('start', ...(keepData ? ['--reuse'] : []));
      kafkaUp = true;
    },
    stop,
  };
}

/** initdb (as `postgres`), trust for the subnet, then the server on the host's address; creates `atende`. */
async function startPostgres(host: Host, dataDir: string, subnet: string): Promise<RunningProcess> {
  const user = postgresUser();
  // The run's folder is 0700 (mkdtemp): `postgres` must at least pass through it.
  chmodSync(path.dirname(dataDir), 0o711);
  mkdirSync(dataDir, { recursive: true });
  chownSync(dataDir, user.uid, user.gid);
  execFileSync(`${PG_BIN}/initdb`, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], {
    ...user,
    stdio: 'pipe',
  });
  appendFileSync(dataDir + '/pg_hba.conf', `host all all ${subnet}.0/24 trust\n`);
  const server = await startCommand(
    'postgres',
    [
      ...inHost(host),
      ...['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--init-groups', '--'],
      `${PG_BIN}/postgres`,
      ...['-D', dataDir, '-h', host.ip, '-p', String(PG_PORT), '-k', dataDir],
      // A throwaway server: no fsync (the test never crashes the machine), commits still synchronous.
      ...['-c', 'fsync=off', '-c', 'max_connections=300'],
    ],
    {},
    60_000,
    /ready to accept connections/,
  );
  execFileSync(`${PG_BIN}/createdb`, ['-h', host.ip, '-p', String(PG_PORT), '-U', 'postgres', 'atende'], {
    stdio: 'pipe',
  });
  return server;
}
