import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * DATA_DIR holds the event log, sessions, media and WhatsApp logins: only the user Atende runs as
 * may read it. From now on this process creates files 0600 and folders 0700 (umask 077), and what
 * is already there (an older install, files copied in) is tightened to the same.
 */
export function securePrivateDataDir(dataDir: string): void {
  // umask is per process and cannot be set from a worker thread (the main thread sets it).
  if (isMainThread) process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
}

function tighten(target: string): void {
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return; // never follow a link out of the folder
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(target, 0o700);
    for (const entry of readdirSync(target)) tighten(path.join(target, entry));
  } else if (stat.isFile() || stat.isSocket()) {
    if ((stat.mode & 0o777 & ~0o600) !== 0) chmodSync(target, stat.mode & 0o600);
  }
}
