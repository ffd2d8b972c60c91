/**
 * Preloaded (`node --import tsx --import …/exit-with-parent.ts`) into the processes that tests and
 * start:distributed start: when the parent is gone without stopping it (a Jest worker killed, the
 * supervisor sent SIGKILL), the process is an orphan nobody will stop, holding ports and consuming
 * from Kafka. It notices that its parent changed and stops as on SIGTERM; if that hangs, it exits.
 */
const parent = process.ppid;
const CHECK_MS = 1_000;
const GRACE_MS = 10_000;

const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  setTimeout(() => process.exit(1), GRACE_MS); // not unref'd: this exit must happen
  process.kill(process.pid, 'SIGTERM');
}, CHECK_MS);
watch.unref(); // the watch alone must not keep a finished process alive
