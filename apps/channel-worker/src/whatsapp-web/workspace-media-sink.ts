import { createHash } from 'node:crypto';
import type { MediaStore } from '@atende/events';
import { extensionFor } from './media-extension.js';
import type { MediaSink, MediaToStore } from './media-sink.js';
import { safeSegment } from './safe-segment.js';

export const MEDIA_WITHOUT_WORKSPACE_MESSAGE = 'Sessão do WhatsApp sem conta: mídia não guardada';

/**
 * The media id of a download: `<session>/<sha256 of the provider message id>.<ext>`, where
 * `<session>` is the session id when it is made of letters, digits, `_` and `-` (else a hash). The
 * names DATA_DIR/media has always had, so older URLs keep working.
 */
export function mediaIdFor(
  media: Pick<MediaToStore, 'sessionId' | 'providerMessageId' | 'mimetype' | 'filename'>,
) {
  const hash = createHash('sha256').update(media.providerMessageId).digest('hex');
  return `${safeSegment(media.sessionId)}/${hash}.${extensionFor(media.mimetype, media.filename)}`;
}

/** A driver's downloads into the MediaStore, as media of their session's workspace. */
export class WorkspaceMediaSink implements MediaSink {
  constructor(
    private readonly store: MediaStore,
    /** The workspace a session belongs to (the channel-sessions read model). */
    private readonly workspaceOf: (sessionId: string) => Promise<string | undefined>,
  ) {}

  async save(media: MediaToStore): Promise<{ mediaId: string }> {
    const workspaceId = await this.workspaceOf(media.sessionId);
    if (!workspaceId) throw new Error(MEDIA_WITHOUT_WORKSPACE_MESSAGE);
    const mediaId = mediaIdFor(media);
    await this.store.put(workspaceId, mediaId, media.data, media.mimetype || 'application/octet-stream');
    return { mediaId };
  }
}
