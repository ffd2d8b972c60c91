/**
 * Child process of bench:replay: an embedded start on DATA_DIR (argv[2]) holding the generated log
 * (workspace `bench`), in a fresh process with `npm start`'s flags, as a restart would be. It then
 * answers GET /api/whatsapp/conversations for the workspace's owner over HTTP and prints one JSON
 * line: when it was listening and when the answer came (ms after startEmbedded was called, and since
 * the process started: module loading included), whether the read models were served as kept, and a
 * hash of the answer (a restart must answer what the process before it answered).
 * argv[3] `kill`: then waits, to be killed with SIGKILL (the parent does); `stop`: stops cleanly.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { startEmbedded } from '@atende/gateway';
import { AS_DEPLOYED } from './as-deployed.js';

const [dataDir, ending = 'stop'] = process.argv.slice(2);
if (!dataDir || !['kill', 'stop'].includes(ending))
  throw new Error('usage: startup-probe.ts DATA_DIR [kill|stop]');
const OWNER = 'agent-0';
const WORKSPACE = 'bench';
/** The owner's session, made by the first start and kept in sessions.db (as a browser keeps its cookie). */
const tokenFile = path.join(dataDir, 'bench-session-token');

const started = performance.now();
const atende = await startEmbedded(
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SQLITE_SYNCHRONOUS: 'normal',
    LOG_LEVEL: 'silent',
    ...AS_DEPLOYED,
  }),
  pino({ level: 'silent' }),
  { channel: false },
);
const listeningMs = performance.now() - started;
if (!existsSync(tokenFile)) {
  const now = Date.now();
  const token = await atende.sessions.create({
    userId: OWNER,
    workspaceId: WORKSPACE,
    createdAt: now,
    expiresAt: now + 3_600_000,
  });
  writeFileSync(tokenFile, token, { mode: 0o600 });
}
const cookie = `atende_session=${readFileSync(tokenFile, 'utf8')}`;
const answer = await fetch(`${atende.url}/api/whatsapp/conversations?userId=${OWNER}`, {
  headers: { cookie },
});
const body = await answer.text();
const answeredMs = performance.now() - started;
const sinceProcessStartMs = performance.now();
if (answer.status !== 200)
  throw new Error(`GET conversations answered ${answer.status}: ${body.slice(0, 200)}`);
const conversations = (JSON.parse(body) as { conversations: unknown[] }).conversations.length;
const result = {
  listeningMs,
  answeredMs,
  sinceProcessStartMs,
  restored: atende.restoredReadModels,
  conversations,
  answerHash: createHash('sha256').update(body).digest('hex'),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
if (ending === 'stop') {
  await atende.stop();
} else {
  // Up, serving and following the log, until the parent kills it (kill -9: no stop of any kind).
  setInterval(() => undefined, 60_000);
}
