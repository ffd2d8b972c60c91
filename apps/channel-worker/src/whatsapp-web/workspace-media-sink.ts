import { createHash } from 'node:crypto';
import { streams, type MediaOwner, type MediaStore } from '@atende/events';
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

/** The conversation id a session's chat is recorded under (`ChannelBridge.conversationIdOf`). */
export type ConversationIdOf = (sessionId: string, chatId: string) => Promise<string | undefined>;

export interface WorkspaceMediaSinkOptions {
  /**
   * Names the customer of a download, so the store seals it with their key (erased with them).
   * Without it, or without an answer, the media is stored as the workspace's (its key).
   */
  conversationIdOf?: ConversationIdOf;
}

/** A driver's downloads into the MediaStore, as media of their session's workspace and customer. */
export class WorkspaceMediaSink implements MediaSink {
  constructor(
    private readonly store: MediaStore,
    /** The workspace a session belongs to (the channel-sessions read model). */
    private readonly workspaceOf: (sessionId: string) => Promise<string | undefined>,
    private readonly options: WorkspaceMediaSinkOptions = {},
  ) {}

  async save(media: MediaToStore): Promise<{ mediaId: string }> {
    const workspaceId = await this.workspaceOf(media.sessionId);
    if (!workspaceId) throw new Error(MEDIA_WITHOUT_WORKSPACE_MESSAGE);
    const mediaId = mediaIdFor(media);
    const owner = await this.ownerOf(workspaceId, media);
    await this.store.put(
      workspaceId,
      mediaId,
      media.data,
      media.mimetype || 'application/octet-stream',
      owner,
    );
    return { mediaId };
  }

  /** The customer's conversation: the same one the bridge records the message in. */
  private async ownerOf(workspaceId: string, media: MediaToStore): Promise<MediaOwner | undefined> {
    const { conversationIdOf } = this.options;
    if (!conversationIdOf || !media.chatId) return undefined;
    const conversationId = await conversationIdOf(media.sessionId, media.chatId);
    return conversationId
      ? { conversationStreamId: streams.conversation(workspaceId, conversationId) }
      : undefined;
  }
}

/**
 * A ConversationIdOf for a sink made before the bridge that answers it (the channel holding the
 * sink is made first, and the bridge drives it): a download waits for `started`, then asks it.
 */
export function conversationIdsOfLaterBridge(): {
  conversationIdOf: ConversationIdOf;
  started(bridge: { conversationIdOf: ConversationIdOf }): void;
} {
  let started!: (bridge: { conversationIdOf: ConversationIdOf }) => void;
  const bridge = new Promise<{ conversationIdOf: ConversationIdOf }>((resolve) => (started = resolve));
  return {
    conversationIdOf: async (sessionId, chatId) => (await bridge).conversationIdOf(sessionId, chatId),
    started,
  };
}
