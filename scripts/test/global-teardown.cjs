// Stops what the global setup started (the Firebase emulator runs in its own process group; the
// Kafka broker is stopped cleanly and its storage removed).
module.exports = async function globalTeardown() {
  const child = globalThis.__ATENDE_FIREBASE_EMULATOR__;
  if (child && child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  const kafka = globalThis.__ATENDE_KAFKA__;
  if (kafka) {
    globalThis.__ATENDE_KAFKA__ = undefined;
    await kafka.stop();
  }
};
