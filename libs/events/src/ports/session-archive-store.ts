/**
 * Where a WhatsApp session's saved login (the whatsapp-web.js profile, zipped by RemoteAuth) is kept,
 * apart from the machine that runs it: a channel worker that takes a session over restores it from
 * here instead of asking for a new QR code. One archive per session, owned by its workspace; every
 * operation names the workspace, and a workspace never reaches another's archive.
 *
 * Adapters store the bytes they are given: a SQLite file in DATA_DIR (one machine) or a PostgreSQL
 * table (several); both pass the session archive contract suite. `SealedSessionArchives` wraps
 * either so that what they hold is sealed with the workspace's data key.
 */
export interface SessionArchiveStore {
  /** Stores the session's archive, replacing the one saved before (a newer backup). */
  put(workspaceId: string, sessionId: string, bytes: Buffer): Promise<void>;
  /** The session's archive, or undefined when the workspace has none for it (or it cannot be read). */
  get(workspaceId: string, sessionId: string): Promise<Buffer | undefined>;
  /** Deletes the session's archive (the phone logged out). Idempotent. */
  delete(workspaceId: string, sessionId: string): Promise<void>;
  /** Deletes every archive of the workspace ("Excluir todos os dados da conta"). Idempotent. */
  deleteWorkspace(workspaceId: string): Promise<void>;
  close(): Promise<void>;
}
