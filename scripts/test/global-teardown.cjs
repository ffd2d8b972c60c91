// Stops what the global setup started (the Firebase emulator runs in its own process group).
module.exports = async function globalTeardown() {
  const child = globalThis.__ATENDE_FIREBASE_EMULATOR__;
  if (child && child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
};
