import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaIdTakenError, mediaIdSchema, type MediaStore, type StoredMedia } from '@atende/events';
import { contentTypeOfName } from './media-types.js';

/** Names the workspace a folder's media belongs to; a dot file, so never a media id. */
const OWNER_FILE = '.workspace';

export interface FileMediaStoreOptions {
  /** The folder of the media, e.g. `<DATA_DIR>/media`. */
  root: string;
  /**
   * Who owns a folder written before folders named their workspace (DATA_DIR of an older version):
   * the workspace of the channel session of that name. Its answer is written down, so it is asked
   * once per folder. Without it such folders are nobody's: their media is not found.
   */
  ownerOfUnmarkedFolder?: (folder: string) => Promise<string | undefined>;
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? '';
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes(codeOf(error));
const temporaryName = (name: string) => `.${name}.${randomBytes(6).toString('hex')}.tmp`;

/**
 * Media as files on this machine: `<root>/<folder>/<name>` for the id `<folder>/<name>`, the layout
 * of DATA_DIR/media since the first version. The workspace owning a folder is written beside its
 * files (`.workspace`, by the first put); the content type is read back from the name's extension.
 * Writes go through a temporary file and a rename, so a reader never sees half a file. Bytes are kept
 * as given: the deployment wraps this store in SealedMediaStore, so they arrive sealed with their
 * customer's key (files of versions before that stay plain); DATA_DIR is private to the user (0700).
 */
export class FileMediaStore implements MediaStore {
  readonly root: string;
  /** Folder → owning workspace, once known (a folder never changes hands). */
  private readonly owners = new Map<string, string>();

  constructor(private readonly options: FileMediaStoreOptions) {
    this.root = options.root;
  }

  async put(workspaceId: string, mediaId: string, bytes: Buffer, _contentType: string): Promise<void> {
    const [folder, name] = splitId(mediaIdSchema.parse(mediaId));
    if (!workspaceId) throw new TypeError('workspaceId is required');
    await mkdir(join(this.root, folder), { recursive: true, mode: 0o700 });
    const owner = (await this.ownerOf(folder)) ?? (await this.claim(folder, workspaceId));
    if (owner !== workspaceId) throw new MediaIdTakenError(mediaId);
    // A leading dot: a temporary file is never a media id, so never served half-written.
    const temporary = join(this.root, folder, temporaryName(name));
    try {
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, join(this.root, folder, name));
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async get(workspaceId: string, mediaId: string): Promise<StoredMedia | undefined> {
    const file = await this.fileOf(workspaceId, mediaId);
    if (!file) return undefined;
    try {
      return { bytes: await readFile(file), contentType: contentTypeOfName(file) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(workspaceId: string, mediaId: string): Promise<void> {
    const file = await this.fileOf(workspaceId, mediaId);
    if (file) await rm(file, { force: true });
  }

  async deleteWorkspace(workspaceId: string, folders: readonly string[]): Promise<void> {
    for (const folder of folders) {
      // A folder name is the first part of an id: anything else is not one of ours.
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(folder) || (await this.ownerOf(folder)) !== workspaceId) continue;
      await rm(join(this.root, folder), { recursive: true, force: true });
      this.owners.delete(folder);
    }
  }

  async close(): Promise<void> {
    this.owners.clear();
  }

  /** The file of an id, when the workspace owns its folder. */
  private async fileOf(workspaceId: string, mediaId: string): Promise<string | undefined> {
    const parsed = mediaIdSchema.safeParse(mediaId);
    if (!parsed.success || !workspaceId) return undefined;
    const [folder, name] = splitId(parsed.data);
    return (await this.ownerOf(folder)) === workspaceId ? join(this.root, folder, name) : undefined;
  }

  /** The folder's owner: written down, else (an older folder) asked and written down. */
  private async ownerOf(folder: string): Promise<string | undefined> {
    const known = this.owners.get(folder);
    if (known) return known;
    let owner: string | undefined;
    try {
      owner = (await readFile(join(this.root, folder, OWNER_FILE), 'utf8')) || undefined;
    } catch (error) {
      if (!isMissing(error)) throw error;
      const asked = await this.options.ownerOfUnmarkedFolder?.(folder);
      try {
        if (asked) owner = await this.claim(folder, asked);
      } catch (claimError) {
        // No such folder: nothing to own yet (its first put claims it).
        if (!isMissing(claimError)) throw claimError;
      }
    }
    if (owner) this.owners.set(folder, owner);
    return owner;
  }

  /**
   * Writes the folder's owner unless one is written already, and answers the owner. The file is
   * written whole, then linked into place: of two first writers one wins, and the other reads a
   * complete name, never an empty file.
   */
  private async claim(folder: string, workspaceId: string): Promise<string> {
    const file = join(this.root, folder, OWNER_FILE);
    const temporary = join(this.root, folder, temporaryName(OWNER_FILE));
    await writeFile(temporary, workspaceId, { mode: 0o600 });
    let owner = workspaceId;
    try {
      await link(temporary, file);
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
      owner = await readFile(file, 'utf8');
    } finally {
      await rm(temporary, { force: true });
    }
    this.owners.set(folder, owner);
    return owner;
  }
}

function splitId(mediaId: string): [folder: string, name: string] {
  const slash = mediaId.indexOf('/');
  return [mediaId.slice(0, slash), mediaId.slice(slash + 1)];
}
