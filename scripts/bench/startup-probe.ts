/**
 * Child process of bench:replay: an embedded start on DATA_DIR (argv[2]) holding the generated log,
 * in a fresh process with `npm start`'s flags, as a restart would. Prints one JSON line: how long
 * startEmbedded took until listening, and since the process started (module loading included),
 * whether it restored the read models saved by a previous stop, and how long its stop took (saving them).
 */
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { startEmbedded } from '@atende/gateway';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: startup-probe.ts DATA_DIR');
const started = performance.now();
const atende = await startEmbedded(
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SQLITE_SYNCHRONOUS: 'normal',
    LOG_LEVEL: 'silent',
  }),
  pino({ level: 'silent' }),
);
const listeningMs = performance.now() - started;
const sinceProcessStartMs = performance.now();
const restored = atende.restoredReadModels;
const stopping = performance.now();
await atende.stop();
const stopMs = performance.now() - stopping;
process.stdout.write(`${JSON.stringify({ listeningMs, sinceProcessStartMs, restored, stopMs })}\n`);
