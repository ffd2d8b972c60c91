// Jest global setup: find the servers integration suites need, once, and tell the workers through
// the environment. REQUIRE_INFRA=1 turns "not reachable" into a failed run instead of skipped suites.
const net = require('node:net');
const { spawnSync } = require('node:child_process');

function reachable(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function ensureRedis(required) {
  const url = new URL(process.env.ATENDE_TEST_REDIS_URL || 'redis://127.0.0.1:6379');
  const host = url.hostname;
  const port = Number(url.port || 6379);
  let up = await reachable(host, port);
  if (!up && (host === '127.0.0.1' || host === 'localhost')) {
    // Start a throwaway local Redis when the binary is installed (it keeps nothing on disk).
    const started = spawnSync(
      'redis-server',
      [
        '--daemonize',
        'yes',
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { stdio: 'ignore' },
    );
    if (started.status === 0) {
      for (let i = 0; i < 20 && !up; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        up = await reachable(host, port);
      }
    }
  }
  if (!up && required) throw new Error(`REQUIRE_INFRA=1 but Redis is not reachable at ${url.href}`);
  if (!up) console.warn(`\n[atende] Redis not reachable at ${url.href}: Redis suites are skipped.\n`);
  process.env.ATENDE_TEST_REDIS = up ? '1' : '0';
}

const path = require('node:path');
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const { pathToFileURL } = require('node:url');
const { ensureWebBuilt } = require('./web-build.cjs');

// Firebase Auth emulator, for the Firebase-mode suites. Its tokens are unsigned: the variable that
// makes firebase-admin accept them is set for test workers only, never in the product.
async function ensureFirebaseEmulator(required) {
  const root = path.resolve(__dirname, '../..');
  const bin =
    process.env.FIREBASE_TOOLS_BIN || path.join(root, '.tmp/firebase-tools/node_modules/.bin/firebase');
  let up = await reachable('127.0.0.1', 9099);
  if (!up && fs.existsSync(bin)) {
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    const child = spawn(
      bin,
      [
        'emulators:start',
        '--only',
        'auth',
        '--project',
        'demo-atende',
        '--config',
        path.join(__dirname, 'firebase.json'),
      ],
      {
        cwd: path.join(root, '.tmp'),
        stdio: 'ignore',
        detached: true,
        env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      },
    );
    child.unref();
    globalThis.__ATENDE_FIREBASE_EMULATOR__ = child;
    for (let i = 0; i < 360 && !up; i += 1) {
      await new Promise((r) => setTimeout(r, 250));
      up = await reachable('127.0.0.1', 9099);
    }
  }
  if (!up && required) {
    throw new Error(
      'REQUIRE_INFRA=1 but the Firebase Auth emulator is not available (run scripts/test/install-firebase-tools.sh)',
    );
  }
  if (!up)
    console.warn('\n[atende] Firebase Auth emulator not installed: Firebase-mode suites are skipped.\n');
  process.env.ATENDE_TEST_FIREBASE = up ? '1' : '0';
  if (up) process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
}

// Kafka, for the event-bus suites: the one at ATENDE_TEST_KAFKA_BROKERS when it answers, else a real
// single-node broker from scripts/kafka/kafka-broker.mjs when scripts/kafka/install-kafka.sh has put
// its jars under .tmp/kafka/libs (a few seconds; runs without the jars skip it at once).
async function ensureKafka(required) {
  const root = path.resolve(__dirname, '../..');
  const brokers = process.env.ATENDE_TEST_KAFKA_BROKERS || '127.0.0.1:19092';
  const [host, portText] = brokers.split(',')[0].trim().split(':');
  const port = Number(portText || 9092);
  let up = await reachable(host, port);
  let why = 'run bash scripts/kafka/install-kafka.sh';
  const local = host === '127.0.0.1' || host === 'localhost';
  if (!up && local && fs.existsSync(path.join(root, '.tmp/kafka/libs/.version'))) {
    const script = path.join(root, 'scripts/kafka/kafka-broker.mjs');
    const { startBroker } = await import(pathToFileURL(script).href);
    try {
      const broker = await startBroker({ port });
      globalThis.__ATENDE_KAFKA__ = broker;
      console.log(
        `\n[atende] Kafka broker started on ${brokers} in ${(broker.startupMs / 1000).toFixed(1)} s`,
      );
      up = true;
    } catch (error) {
      why = error.message;
    }
  }
  if (!up && required) throw new Error(`REQUIRE_INFRA=1 but Kafka is not reachable at ${brokers} (${why})`);
  if (!up) console.warn(`\n[atende] Kafka not reachable at ${brokers} (${why}): Kafka suites are skipped.\n`);
  process.env.ATENDE_TEST_KAFKA = up ? '1' : '0';
  process.env.ATENDE_TEST_KAFKA_BROKERS = brokers;
}

// Debian's Chromium, for the browser journeys (apps/web/e2e) driven by playwright-core.
function ensureChromium(required) {
  const executable = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const up = fs.existsSync(executable);
  if (!up && required) {
    throw new Error(
      `REQUIRE_INFRA=1 but Chromium is not installed at ${executable} (apt-get install chromium)`,
    );
  }
  if (!up) console.warn(`\n[atende] Chromium not found at ${executable}: browser journeys are skipped.\n`);
  process.env.ATENDE_TEST_CHROMIUM = up ? executable : '';
}

module.exports = async function globalSetup(globalConfig) {
  const required = process.env.REQUIRE_INFRA === '1' || process.env.REQUIRE_INFRA === 'true';
  ensureChromium(required);
  if (process.env.ATENDE_TEST_CHROMIUM) ensureWebBuilt(globalConfig.testPathPatterns?.patterns ?? []);
  await ensureRedis(required);
  // The emulator and the broker each take a few seconds to start: start them side by side.
  const results = await Promise.allSettled([ensureFirebaseEmulator(required), ensureKafka(required)]);
  const failed = results.filter((result) => result.status === 'rejected').map((result) => result.reason);
  if (failed.length > 0) {
    // Jest runs no teardown after a failed setup: stop the broker here.
    await globalThis.__ATENDE_KAFKA__?.stop();
    globalThis.__ATENDE_KAFKA__ = undefined;
    throw failed.length === 1 ? failed[0] : new Error(failed.map((error) => error.message).join('\n'));
  }
};
