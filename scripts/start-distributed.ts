/**
 * npm run start:distributed — Atende as separate processes against Kafka and Redis (DESIGN §2):
 * two gateways (GATEWAY_PORTS, default 3001,3002), one relay + projector, one channel worker (the
 * sandbox phone's controls on SANDBOX_PORT, default 3010, when WHATSAPP_DRIVER=sandbox, the default
 * here). Everything else comes from the usual configuration (REDIS_URL, KAFKA_BROKERS, DATA_DIR…).
 *
 * A role that crashes is restarted with backoff while the others go on (scripts/distributed/
 * supervise.ts); one that cannot even start stops everything, as it would only fail again.
 * Ctrl-C or SIGTERM stops every process (a second Ctrl-C does not wait).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SERVER_NODE_FLAGS } from '@atende/server';
import { Supervisor, type Exit, type Role, type RoleRun } from './distributed/supervise.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const settings = z
  .object({
    GATEWAY_PORTS: z
      .string()
      .default('3001,3002')
      .transform((s) => s.split(',').map((p) => Number(p.trim())))
      .pipe(z.array(z.number().int().min(0).max(65535)).min(1)),
  })
  .parse(process.env);

const env = {
  ...process.env,
  ATENDE_MODE: 'distributed',
  WHATSAPP_DRIVER: process.env.WHATSAPP_DRIVER ?? 'sandbox',
};
const say = (line: string) => console.log(`[start:distributed] ${line}`);

/** A role of the server (`apps/server/src/main.ts --role …`), its output prefixed with its name, up at its first info line. */
function role(name: string, serverRole: string, extra: Record<string, string> = {}): Role {
  return {
    name,
    launch(): RoleRun {
      const child = spawn(
        process.execPath,
        [
          ...SERVER_NODE_FLAGS,
          '--import',
          'tsx',
          // If this supervisor is killed outright, its children stop instead of holding the ports.
          '--import',
          path.join(here, 'distributed', 'exit-with-parent.ts'),
          path.join(here, '..', 'apps', 'server', 'src', 'main.ts'),
          '--role',
          serverRole,
        ],
        { env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const ended = new Promise<Exit>((resolve) => {
        child.once('exit', (code, signal) => resolve({ code, signal }));
        child.once('error', (error) => {
          say(`${name}: ${error.message}`);
          resolve({ code: null, signal: null });
        });
      });
      const up = new Promise<void>((resolve, reject) => {
        for (const stream of [child.stdout!, child.stderr!]) {
          createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
            if (!line.trim()) return;
            process.stdout.write(`[${name}] ${line}\n`);
            if (/"level":30/.test(line)) resolve(); // its first info line: it is up
          });
        }
        void ended.then((exit) =>
          reject(new Error(`${name} ended (${exit.signal ?? `code ${exit.code}`}) before it was up`)),
        );
      });
      return { pid: child.pid, up, ended, kill: (signal) => child.kill(signal) };
    },
  };
}

const supervisor = new Supervisor({ log: say });

async function stopAll(code: number): Promise<never> {
  await supervisor.stop();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll(0));

try {
  // The first gateway creates the demo workspace; then the log's followers; then the other gateways.
  await supervisor.start(role('gateway-1', 'gateway', { PORT: String(settings.GATEWAY_PORTS[0]) }));
  await supervisor.start(role('projector', 'projector'));
  await supervisor.start(role('channel-worker', 'channel-worker'));
  for (const [i, port] of settings.GATEWAY_PORTS.slice(1).entries()) {
    await supervisor.start(role(`gateway-${i + 2}`, 'gateway', { PORT: String(port) }));
  }
  say(`up: gateways on ${settings.GATEWAY_PORTS.map((p) => `http://localhost:${p}`).join(', ')}`);
} catch (error) {
  // Stopping on a signal while starting ends the start too: the signal's handler exits.
  if (!supervisor.stopping) {
    say((error as Error).message);
    await stopAll(1);
  }
}
