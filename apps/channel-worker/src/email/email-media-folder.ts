import { createHash } from 'node:crypto';

/** The media folder of a workspace's e-mail files (one owner per folder in the media store). */
export function emailMediaFolder(workspaceId: string): string {
  return `em-${createHash('sha256').update(workspaceId).digest('hex').slice(0, 24)}`;
}
