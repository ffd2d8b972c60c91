import { createHash, randomBytes, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import {
  ChannelSendError,
  type Channel,
  type ChannelEvent,
  type ChannelSessionTarget,
  type ChannelStatus,
  type InboundChannelMessage,
  type OutboundChannelMessage,
  type RecordedMedia,
  type SentMessageQuery,
} from '@atende/events';
import { inboundMessageId } from './inbound-message-id.js';
import { SandboxMediaKeeper, type SandboxMediaOptions } from './sandbox-media.js';
import type { SandboxStorage } from './sandbox-storage.js';
import { ChannelListeners } from '../channel/channel-listeners.js';

export type SandboxErrorCode =
  | 'SANDBOX_SESSION_NOT_FOUND'
  | 'SANDBOX_SESSION_NOT_CONNECTED'
  | 'SANDBOX_SESSION_NOT_HERE'
  | 'SANDBOX_MESSAGE_NOT_FOUND'
  | 'SANDBOX_INVALID_INPUT';

/** A sandbox control refused (unknown session, session not connected…); `message` is pt-BR. */
export class SandboxError extends Error {
  constructor(
    readonly code: SandboxErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export type SandboxMessageType = 'text' | 'image' | 'video' | 'audio' | 'document';

export interface SandboxInbound {
  /** The customer's phone; non-digits are dropped. */
  from: string;
  name?: string | null;
  text?: string | null;
  type?: SandboxMessageType | null;
  mediaUrl?: string | null;
  /** Default: a new uuid. Repeating one re-delivers the same message. */
  providerMessageId?: string | null;
}

export interface SandboxInboundResult {
  providerMessageId: string;
  chatId: string;
  /** The conversation's message id for it (see `inboundMessageId`). */
  messageId: string;
}

/** A message an agent sent to the sandbox phone. */
export interface SandboxOutboxMessage {
  providerMessageId: string;
  messageId: string;
  chatId: string;
  /** The text, or a media's caption. */
  content: string;
  type: string;
  /** ISO time. */
  sentAt: string;
  /** The file of a media message, as the phone received it: its bytes' hash, type, name and size. */
  media?: SandboxOutboxMedia;
}

export interface SandboxOutboxMedia {
  sha256: string;
  mimeType: string;
  fileName: string;
  size: number;
}

interface SandboxSession {
  sessionId: string;
  phoneNumber: string;
  name: string;
  status: ChannelStatus;
  /** The phone scanned the QR: connecting again restores the session without a new QR. */
  paired: boolean;
  /** Bumped by every connect/disconnect: a QR that finishes late for an old attempt is dropped. */
  attempt: number;
  outbox: SandboxOutboxMessage[];
  sentByMessageId: Map<string, SandboxOutboxMessage>;
  sentByProviderId: Map<string, SandboxOutboxMessage>;
}

export interface SandboxChannelOptions {
  /** Sessions whose phone already scanned (e.g. the demo session after a restart). */
  paired?: Iterable<string>;
  /** Where the phone keeps what survives a restart (pairings, received messages); default memory. */
  storage?: SandboxStorage;
  /** Clock (tests). */
  now?: () => Date;
  /** Simulated network time of a send, spent before the phone takes it and again before it answers. */
  sendDelayMs?: number;
  /**
   * With several channel workers: whether this one runs the session (holds its lease). The controls
   * of a session run elsewhere answer SANDBOX_SESSION_NOT_HERE. Default: every session is here.
   */
  ownsSession?: (sessionId: string) => boolean;
  /**
   * Where customers' media goes: downloaded from the URL the phone was given and kept in the media
   * store, the conversation showing it from `/api/media/…` only. Without it (unit tests) the URL is
   * taken as the stored media.
   */
  media?: SandboxMediaOptions;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const PHONE_CHAT_ID = /^\d{5,20}@(c|g)\.us$/;

const notFound = () => new SandboxError('SANDBOX_SESSION_NOT_FOUND', 'Sessão do WhatsApp não encontrada');
const notConnected = () =>
  new SandboxError('SANDBOX_SESSION_NOT_CONNECTED', 'Sessão do WhatsApp não está conectada');
const notHere = () =>
  new SandboxError(
    'SANDBOX_SESSION_NOT_HERE',
    'Sessão do WhatsApp atendida por outro worker de canal: use os controles do sandbox dele',
  );

/**
 * The Channel driver that plays the customer's phone in memory: it issues a real QR image,
 * connects when the "phone" scans it, delivers customers' messages and keeps what agents sent.
 */
export class SandboxChannel implements Channel {
  readonly name = 'sandbox' as const;
  private readonly sessions = new Map<string, SandboxSession>();
  private readonly listeners = new ChannelListeners();
  private readonly prePaired: Set<string>;
  /** The pairings the storage remembers, read once (connect waits for them). */
  private readonly pairingsLoaded: Promise<void>;
  private readonly now: () => Date;
  private readonly storage: SandboxStorage | undefined;
  private readonly sendDelayMs: number;
  private readonly ownsSession: (sessionId: string) => boolean;
  /** Customers' media: downloaded and kept, or failed. */
  private readonly media: SandboxMediaKeeper;

  constructor(options: SandboxChannelOptions = {}) {
    this.media = new SandboxMediaKeeper(
      options.media,
      (event) => this.emit(event),
      () => this.delivered(),
    );
    this.storage = options.storage;
    this.prePaired = new Set(options.paired ?? []);
    this.pairingsLoaded = this.loadPairings();
    this.pairingsLoaded.catch(() => undefined); // connect reports it
    this.now = options.now ?? (() => new Date());
    this.sendDelayMs = options.sendDelayMs ?? 0;
    this.ownsSession = options.ownsSession ?? (() => true);
  }

  private async loadPairings(): Promise<void> {
    for (const sessionId of (await this.storage?.pairedSessions()) ?? []) this.prePaired.add(sessionId);
  }

  async connect(session: ChannelSessionTarget): Promise<void> {
    if (this.storage && !this.sessions.has(session.sessionId)) {
      // New here: it starts from what the phone remembers (pairing, what it received).
      await this.pairingsLoaded;
      const outbox = await this.storage.outbox(session.sessionId);
      // Another connect may have set it up meanwhile: that one's state stays.
      if (!this.sessions.has(session.sessionId))
        this.sessions.set(session.sessionId, this.newSession(session, outbox));
    }
    const state = this.sessions.get(session.sessionId) ?? this.newSession(session, []);
    state.phoneNumber = session.phoneNumber;
    state.name = session.name;
    // The log says the phone is logged in: its pairing may be on another host's disk (a takeover).
    if (session.restore && !state.paired) {
      state.paired = true;
      this.storage?.setPaired(session.sessionId, true).catch(() => undefined); // as scan does
    }
    this.sessions.set(session.sessionId, state);
    const attempt = ++state.attempt;

    if (state.paired) {
      state.status = 'connected';
      this.emit({ type: 'connected', sessionId: state.sessionId, phoneNumber: state.phoneNumber || null });
      return;
    }
    state.status = 'connecting';
    const pairing = `atende-sandbox:${state.sessionId}:${randomBytes(12).toString('hex')}`;
    const qrCode = await QRCode.toDataURL(pairing);
    // A disconnect, scan or newer connect happened while the image was drawn: this QR is stale.
    if (state.attempt !== attempt || state.status !== 'connecting') return;
    state.status = 'qr';
    this.emit({ type: 'qr', sessionId: state.sessionId, qrCode });
  }

  /** A session's state, with what its phone already received. */
  private newSession(
    session: { sessionId: string; phoneNumber: string; name: string },
    outbox: SandboxOutboxMessage[],
  ): SandboxSession {
    return {
      sessionId: session.sessionId,
      phoneNumber: session.phoneNumber,
      name: session.name,
      status: 'disconnected',
      paired: this.prePaired.has(session.sessionId),
      attempt: 0,
      outbox,
      sentByMessageId: new Map(outbox.map((m) => [m.messageId, m])),
      sentByProviderId: new Map(outbox.map((m) => [m.providerMessageId, m])),
    };
  }

  status(sessionId: string): ChannelStatus {
    return this.sessions.get(sessionId)?.status ?? 'disconnected';
  }

  async disconnect(sessionId: string): Promise<void> {
    const state = this.sessions.get(sessionId);
    if (!state) return;
    state.attempt++;
    state.paired = false;
    this.prePaired.delete(sessionId);
    await this.storage?.setPaired(sessionId, false);
    const was = state.status;
    state.status = 'disconnected';
    if (was !== 'disconnected') this.emit({ type: 'disconnected', sessionId, reason: 'logout' });
  }

  /** Stops the session here without logging the phone out or reporting it (it runs elsewhere now). */
  async detach(sessionId: string): Promise<void> {
    const state = this.sessions.get(sessionId);
    if (!state) return;
    state.attempt++;
    state.status = 'disconnected';
  }

  async send(sessionId: string, message: OutboundChannelMessage): Promise<{ providerMessageId: string }> {
    if (this.sendDelayMs > 0) await pause(this.sendDelayMs);
    const state = this.sessions.get(sessionId);
    if (!state || state.status !== 'connected') {
      throw new ChannelSendError(`Sandbox session ${sessionId} is not connected`, false);
    }
    const earlier = state.sentByMessageId.get(message.messageId);
    if (earlier) return { providerMessageId: earlier.providerMessageId };
    if (!PHONE_CHAT_ID.test(message.chatId)) {
      throw new ChannelSendError(`Not a phone chat id: ${message.chatId}`, true);
    }
    const sent: SandboxOutboxMessage = {
      providerMessageId: randomUUID(),
      messageId: message.messageId,
      chatId: message.chatId,
      content: message.content,
      type: message.type,
      sentAt: this.now().toISOString(),
      ...(message.media
        ? {
            media: {
              sha256: createHash('sha256').update(message.media.bytes).digest('hex'),
              mimeType: message.media.mimeType,
              fileName: message.media.fileName,
              size: message.media.bytes.length,
            },
          }
        : {}),
    };
    // The phone has it once this returns: stored first, so a restart does not take it twice; the
    // storage answers with the one it keeps (another host's phone may have taken this id already).
    const kept = (await this.storage?.addToOutbox(sessionId, sent)) ?? sent;
    if (!state.sentByMessageId.has(kept.messageId)) {
      state.outbox.push(kept);
      state.sentByMessageId.set(kept.messageId, kept);
      state.sentByProviderId.set(kept.providerMessageId, kept);
    }
    if (this.sendDelayMs > 0) await pause(this.sendDelayMs);
    return { providerMessageId: kept.providerMessageId };
  }

  /**
   * What this phone received in the chat of this kind with exactly this text (caption) at or after `since` (its outbox,
   * kept in its storage, which every channel worker of a deployment shares): provider ids, oldest
   * first. Throws for a session not started here.
   */
  async findSent(sessionId: string, query: SentMessageQuery): Promise<string[]> {
    const state = this.sessions.get(sessionId);
    if (!state) throw new ChannelSendError(`Sandbox session ${sessionId} is not here`, false);
    const since = query.since.getTime();
    // Read again: another host's worker may have sent from this session since it came here.
    const outbox = (await this.storage?.outbox(sessionId)) ?? state.outbox;
    return outbox
      .filter(
        (m) =>
          m.chatId === query.chatId &&
          m.content === query.content &&
          m.type === (query.type ?? 'text') &&
          Date.parse(m.sentAt) >= since,
      )
      .map((m) => m.providerMessageId);
  }

  async retryMedia(sessionId: string, providerMessageId: string, recorded?: RecordedMedia): Promise<void> {
    await this.media.retry(sessionId, providerMessageId, recorded);
  }

  onEvent(listener: (event: ChannelEvent) => void | Promise<void>): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    for (const state of this.sessions.values()) {
      state.attempt++;
      state.status = 'disconnected';
    }
  }

  // ---- Sandbox controls (the phone's side), used by the sandbox HTTP routes ----

  /** The phone scans the QR: the session connects (again: nothing changes). */
  scan(sessionId: string): void {
    const state = this.knownHere(sessionId);
    state.paired = true;
    // Remembered for the next start; a failed write only means a QR to scan again then.
    this.storage?.setPaired(sessionId, true).catch(() => undefined);
    if (state.status === 'connected') return;
    state.attempt++;
    state.status = 'connected';
    this.emit({ type: 'connected', sessionId, phoneNumber: state.phoneNumber || null });
  }

  /** A customer sends a message to the session's number. */
  inbound(sessionId: string, input: SandboxInbound): SandboxInboundResult {
    const state = this.requireConnected(sessionId);
    const from = input.from.replace(/\D/g, '');
    if (!from) throw new SandboxError('SANDBOX_INVALID_INPUT', 'Número do contato inválido');
    const providerMessageId = input.providerMessageId || randomUUID();
    const chatId = `${from}@c.us`;
    const message: InboundChannelMessage = {
      providerMessageId,
      chatId,
      from,
      senderName: input.name ?? null,
      chatType: 'private',
      content: input.text ?? '',
      type: input.type ?? 'text',
      mediaUrl: input.mediaUrl ?? null,
      timestamp: this.now().toISOString(),
    };
    this.emit({ type: 'inbound', sessionId: state.sessionId, message });
    // Downloaded in the background, as a phone does; the message shows it once stored.
    if (message.mediaUrl) void this.media.keep(sessionId, providerMessageId, message.mediaUrl, chatId);
    return { providerMessageId, chatId, messageId: inboundMessageId(sessionId, providerMessageId) };
  }

  /** The phone reports a message it received from an agent as delivered or read. */
  ack(sessionId: string, providerMessageId: string, status: 'delivered' | 'read'): void {
    const state = this.requireConnected(sessionId);
    if (!state.sentByProviderId.has(providerMessageId)) {
      throw new SandboxError('SANDBOX_MESSAGE_NOT_FOUND', 'Mensagem não encontrada');
    }
    this.emit({ type: 'ack', sessionId, providerMessageId, status });
  }

  /** What agents sent to this phone, oldest first. */
  outbox(sessionId: string): SandboxOutboxMessage[] {
    const state = this.knownHere(sessionId);
    return state.outbox.map((m) => ({ ...m }));
  }

  private knownHere(sessionId: string): SandboxSession {
    if (!this.ownsSession(sessionId)) throw notHere();
    const state = this.sessions.get(sessionId);
    if (!state) throw notFound();
    return state;
  }

  private requireConnected(sessionId: string): SandboxSession {
    const state = this.knownHere(sessionId);
    if (state.status !== 'connected') throw notConnected();
    return state;
  }

  private emit(event: ChannelEvent): void {
    this.listeners.emit(event);
  }

  /**
   * Resolves once every event reported so far is recorded by the listeners (rejects if one could
   * not be): the sandbox answers the phone only then, as a provider's ack would.
   */
  async delivered(): Promise<void> {
    await this.listeners.delivered();
  }
}
