import { existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import type { Logger } from 'pino';
import type { RebuildProgress, RebuildReport } from '../runner/rebuild.js';
import { opsRequestSchema, type OpsMessage, type OpsRequest } from './ops-protocol.js';

export type ReplayHandler = (
  request: OpsRequest,
  onProgress: (progress: RebuildProgress) => void,
) => Promise<RebuildReport>;

/**
 * Local ops endpoint of the embedded process: a Unix socket in the data folder (mode 0600), so only
 * who can read the event store file can replay. One rebuild at a time.
 */
export async function startOpsServer(
  socketPath: string,
  replay: ReplayHandler,
  logger: Logger,
): Promise<net.Server> {
  if (existsSync(socketPath)) {
    const alive = await new Promise<boolean>((resolve) => {
      const probe = net.connect(socketPath);
      probe.once('connect', () => (probe.destroy(), resolve(true)));
      probe.once('error', () => resolve(false));
    });
    if (alive) throw new Error(`Another Atende process already serves ${socketPath}`);
    unlinkSync(socketPath);
  }
  let busy = false;
  const server = net.createServer((socket) => {
    const send = (message: OpsMessage) => socket.write(`${JSON.stringify(message)}\n`);
    const lines = createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      let parsed;
      try {
        parsed = opsRequestSchema.safeParse(JSON.parse(line));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        send({ kind: 'error', message: 'malformed ops request' });
        socket.end();
        return;
      }
      if (busy) {
        send({ kind: 'error', message: 'a replay is already running' });
        socket.end();
        return;
      }
      busy = true;
      let lastSent = 0;
      replay(parsed.data, (progress) => {
        const now = Date.now();
        if (now - lastSent >= 100) {
          lastSent = now;
          send({ kind: 'progress', ...progress });
        }
      })
        .then((report) => send({ kind: 'done', report }))
        .catch((error: unknown) => {
          logger.error({ err: error }, 'ops replay failed');
          send({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
        })
        .finally(() => {
          busy = false;
          socket.end();
        });
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  const { chmodSync } = await import('node:fs');
  chmodSync(socketPath, 0o600);
  return server;
}
