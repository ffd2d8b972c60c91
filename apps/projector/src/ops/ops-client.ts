import net from 'node:net';
import { createInterface } from 'node:readline';
import { opsMessageSchema, type OpsMessage, type OpsRequest } from './ops-protocol.js';

/** Sends one request to a running embedded process; calls `onMessage` for each answer line. */
export function sendOpsRequest(
  socketPath: string,
  request: OpsRequest,
  onMessage: (message: OpsMessage) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    socket.once('error', reject);
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    const lines = createInterface({ input: socket });
    lines.on('line', (line) => {
      const parsed = opsMessageSchema.safeParse(JSON.parse(line));
      if (parsed.success) onMessage(parsed.data);
    });
    lines.once('close', () => resolve());
  });
}

/** True when a process answers on the socket. */
export function opsServerRunning(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
