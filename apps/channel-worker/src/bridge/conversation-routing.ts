import { REMOVED_PLACEHOLDER, mediaIdOf, streams, type EventStore, type MessageType } from '@atende/events';

/** Addresses whose kind of conversation id is known, per process (bounded: a cache). */
const MAX_KNOWN = 50_000;

export interface OutboundRequest {
  /** The text, or a media's caption. */
  content: string;
  type: MessageType;
  /** The provider's address of the chat (a WhatsApp id). */
  address: string;
  /** The file an agent attached: its media-store id and how it goes out. */
  media?: { mediaId: string; mimeType: string; fileName: string };
}

interface RequestedData {
  content?: string;
  type?: MessageType;
  mediaUrl?: string;
  mimeType?: string;
  fileName?: string;
}

/**
 * Between a provider's addresses (WhatsApp ids, which hold phone numbers) and conversation ids:
 * a customer's conversation is named by a pseudonym of their address (`pseudonymOf`), so the
 * number is in no stream id, bus key or read model. Conversations the log already had under the
 * address itself (before pseudonyms) keep that id until `npm run events -- encrypt` renames them to
 * the pseudonym (encrypt-sqlite-log.ts), or their customer is erased (the address's next message
 * then starts a pseudonymous conversation).
 */
export class ConversationRouting {
  private readonly legacy = new Map<string, boolean>();

  constructor(
    private readonly store: EventStore,
    private readonly pseudonymOf: (workspaceId: string, address: string) => Promise<string>,
  ) {}

  async conversationIdOf(workspaceId: string, address: string): Promise<string> {
    const key = `${workspaceId}\n${address}`;
    let legacy = this.legacy.get(key);
    if (legacy === undefined) {
      const events = await this.store.readStream(streams.conversation(workspaceId, address), {
        trusted: true,
      });
      legacy = events.length > 0 && !events.some((e) => e.type === 'ContactDataErased');
      if (this.legacy.size >= MAX_KNOWN) this.legacy.clear();
      this.legacy.set(key, legacy);
    }
    return legacy ? address : await this.pseudonymOf(workspaceId, address);
  }

  /** After an erasure: an address known to name a legacy conversation may no longer. */
  forgetKnownAddresses(): void {
    this.legacy.clear();
  }

  /**
   * The text (or caption), kind, file and address of a requested message, the text from the log (a
   * queue job does not carry it: the queue may be Redis). Undefined when it is not in the stream, or
   * its customer was erased.
   */
  async outboundOf(
    streamId: string,
    messageId: string,
    /** The conversation's current address (its state's): where the message goes. */
    address: string,
    /** The request's stream position: only the events from it on are read (unknown: the whole stream). */
    fromPosition: number | undefined,
  ): Promise<OutboundRequest | undefined> {
    const events = await this.store.readStream(
      streamId,
      fromPosition === undefined ? {} : { fromStreamPosition: fromPosition },
    );
    const request = events.find(
      (e) =>
        e.type === 'OutboundMessageRequested' && (e.data as { messageId: string }).messageId === messageId,
    );
    const data = request?.data as RequestedData | undefined;
    const content = data?.content;
    if (content === undefined || content === REMOVED_PLACEHOLDER) return undefined;
    if (address === REMOVED_PLACEHOLDER) return undefined;
    const type = data?.type ?? 'text';
    if (!data?.mediaUrl) return { content, type, address };
    const mediaId = mediaIdOf(data.mediaUrl);
    if (!mediaId || !data.mimeType) return undefined;
    const media = {
      mediaId,
      mimeType: data.mimeType,
      fileName: data.fileName ?? 'arquivo',
    };
    return { content, type, address, media };
  }
}
