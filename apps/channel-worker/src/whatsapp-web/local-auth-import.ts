import { access, rm } from 'node:fs/promises';
import type { RemoteAuthLike } from './saved-login-auth.js';
import type { SavedLoginStore } from './saved-login-store.js';

/** The folder `LocalAuth` kept a session's login in (versions before the saved logins were sealed). */
export const localAuthFolder = (clientId: string): string => `session-${clientId}`;

export type LocalAuthImport = 'none' | 'imported' | 'saved-already';

/**
 * A login an older version saved with LocalAuth (a plain Chromium profile in
 * DATA_DIR/wwebjs-auth/session-<clientId>) is not lost: the first start of its session zips it the
 * way RemoteAuth zips every backup and saves it, sealed, in the store; then the plain folder is
 * deleted (it was the unencrypted copy). When the store already has a login for the session (a
 * newer one, or an import cut short), the folder is only deleted.
 */
export async function importLocalAuthLogin(options: {
  /** DATA_DIR/wwebjs-auth/session-<clientId>. */
  folder: string;
  store: SavedLoginStore;
  /** A RemoteAuth on this session's store and working folder, used only to zip the old profile. */
  remoteAuth: () => RemoteAuthLike;
}): Promise<LocalAuthImport> {
  const { folder, store } = options;
  if (!(await exists(folder))) return 'none';
  const saved = await store.has();
  if (!saved) {
    const remote = options.remoteAuth();
    // storeRemoteSession reads the profile at userDataDir and names the zip after sessionName.
    remote.userDataDir = folder;
    remote.sessionName ??= `RemoteAuth-${remote.clientId}`;
    await remote.storeRemoteSession();
    if (!(await store.has())) throw new Error('the WhatsApp login of an older version could not be saved');
  }
  await rm(folder, { recursive: true, force: true, maxRetries: 4 });
  return saved ? 'saved-already' : 'imported';
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
