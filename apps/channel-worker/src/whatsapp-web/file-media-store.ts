import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extensionFor } from './media-extension.js';
import type { MediaStore, MediaToStore } from './media-store.js';
import { safeSegment } from './safe-segment.js';

const FILE = /^[a-f0-9]{64}\.[a-z0-9]{1,8}$/;

/**
 * Keeps media as files: `<root>/<session>/<sha256 of the provider message id>.<ext>`, where
 * `<session>` is the session id when it is made of letters, digits, `_` and `-` (else a hash).
 * Writes go through a temporary file and a rename, so a reader never sees half a file.
 */
export class FileMediaStore implements MediaStore {
  constructor(readonly root: string) {}

  async save(media: MediaToStore): Promise<{ path: string }> {
    const dir = safeSegment(media.sessionId);
    const name = `${createHash('sha256').update(media.providerMessageId).digest('hex')}.${extensionFor(
      media.mimetype,
      media.filename,
    )}`;
    await mkdir(join(this.root, dir), { recursive: true });
    const target = join(this.root, dir, name);
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, media.data);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
    return { path: `${dir}/${name}` };
  }

  /** The absolute file of a stored `<session>/<file>` pair, or null when the names are not ours. */
  resolve(session: string, file: string): string | null {
    if (safeSegment(session) !== session || !FILE.test(file)) return null;
    return join(this.root, session, file);
  }
}
