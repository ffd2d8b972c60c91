/**
 * npm run start:distributed — Atende as separate processes against Kafka and Redis (DESIGN §2):
 * two gateways (GATEWAY_PORTS, default 3001,3002), one relay + projector, one channel worker (the
 * sandbox phone's controls on SANDBOX_PORT, default 3010, when WHATSAPP_DRIVER=sandbox, the default
 * here). Everything else comes from the usual configuration (REDIS_URL, KAFKA_BROKERS, DATA_DIR…).
 * One process ending stops the others.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, script: string, extra: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'distributed', script)], {
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let ready = false;
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        process.stdout.write(`[${name}] ${line}\n`);
        if (!ready && /"level":30/.test(line)) {
          ready = true; // its first info line: it is up
          resolve(child);
        }
      }
    };
    child.stdout!.on('data', onLine);
    child.stderr!.on('data', onLine);
    child.once('exit', (code) => {
      if (!ready) reject(new Error(`${name} exited with ${code} before it was up`));
      if (!stopping) {
        console.error(`[start:distributed] ${name} exited (${code}); stopping the others`);
        void stopAll(1);
      }
    });
  });
}

async function stopAll(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll(0));

try {
  // The first gateway creates the demo workspace; then the log's followers; then the other gateways.
  await start('gateway-1', 'gateway-process.ts', { PORT: String(settings.GATEWAY_PORTS[0]) });
  await start('projector', 'projector-process.ts');
  await start('channel-worker', 'channel-worker-process.ts');
  for (const [i, port] of settings.GATEWAY_PORTS.slice(1).entries()) {
    await start(`gateway-${i + 2}`, 'gateway-process.ts', { PORT: String(port) });
  }
  console.log(
    `[start:distributed] up: gateways on ${settings.GATEWAY_PORTS.map((p) => `http://localhost:${p}`).join(', ')}`,
  );
} catch (error) {
  console.error(`[start:distributed] ${(error as Error).message}`);
  await stopAll(1);
}
