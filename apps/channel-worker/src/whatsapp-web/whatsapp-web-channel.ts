import type { Logger } from 'pino';
import QRCode from 'qrcode';
import {
  ChannelSendError,
  type Channel,
  type ChannelEvent,
  type ChannelStatus,
  type OutboundChannelMessage,
  type RecordedMedia,
  type SentMessageQuery,
} from '@atende/events';
import { backoffDelay, type BackoffOptions } from '../queue/backoff.js';
import { ackStatus } from './ack-status.js';
import { BoundedMap } from '../channel/bounded-map.js';
import type { ClientFactory, ClientLike, MessageLike } from './client-like.js';
import { MessageIntake, errorText } from './message-intake.js';
import { sendThrough } from './outbound-media.js';
import type { MediaSink } from './media-sink.js';
import { providerMessageIdOf } from './provider-message-id.js';
import { isSendableChatId, toChannelSendError } from './send-error.js';
import { findSentMessages } from './sent-messages.js';
import { wwebjsClientFactory } from './wwebjs-client-factory.js';
import { ChannelListeners } from '../channel/channel-listeners.js';

/** Reconnect / retry delays: 1 s doubling up to 60 s, ±20 %. */
export const WWEBJS_BACKOFF: BackoffOptions = { baseDelayMs: 1_000, maxDelayMs: 60_000, jitter: 0.2 };

export interface WhatsAppWebChannelOptions {
  /** DATA_DIR, for the default client factory (LocalAuth logins in `wwebjs-auth/`); default `./data`. */
  dataDir?: string;
  /** Chromium of the default client factory; default `/usr/bin/chromium`. */
  chromiumPath?: string;
  /**
   * Makes each session's client; default a real whatsapp-web.js Client with LocalAuth. The roles give
   * `wwebjsClientFactory` with `savedLogins`: logins sealed in a store every worker reaches.
   */
  createClient?: ClientFactory;
  /** Where downloaded media goes (a `WorkspaceMediaSink` on the deployment's MediaStore). */
  mediaSink: MediaSink;
  /** URL prefix stored media is served from; default `/api/media`. */
  mediaBaseUrl?: string;
  /** Reconnect / retry delays; default `WWEBJS_BACKOFF` (1 s → 60 s, ±20 %). */
  backoff?: Partial<BackoffOptions>;
  /** Jitter source in [0, 1); default Math.random. */
  random?: () => number;
  /** Most unread messages fetched per chat after a (re)connect; default 100. */
  backfillLimit?: number;
  /** How many sent message ids are remembered against duplicate sends; default 10 000. */
  sentCacheSize?: number;
  /** Clock, for messages without a timestamp. */
  now?: () => Date;
  logger?: Pick<Logger, 'warn'>;
}

interface Session {
  sessionId: string;
  status: ChannelStatus;
  /** The live client; events of any other (older) client are ignored. */
  client: ClientLike | null;
  /** Bumped by every start, drop and stop: work begun for an older attempt is dropped. */
  attempt: number;
  /** Failures since the last `ready`: they size the next delay. */
  failures: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** disconnect()/close() asked for it: no reconnect. */
  stopped: boolean;
}

const quietly = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch {
    // Tearing down a client that is already gone is not an error.
  }
};

/**
 * The Channel driver for a real WhatsApp through whatsapp-web.js: one Client (one headless
 * Chromium) per session, reconnecting with backoff, media downloaded to a MediaSink.
 */
export class WhatsAppWebChannel implements Channel {
  readonly name = 'wwebjs' as const;
  private readonly sessions = new Map<string, Session>();
  private readonly listeners = new ChannelListeners();
  /** Our message id → provider id, so a repeated send job does not send twice. */
  private readonly sent: BoundedMap<string, string>;
  private readonly sending = new Map<string, Promise<{ providerMessageId: string }>>();
  private readonly createClient: ClientFactory;
  private readonly intake: MessageIntake;
  private readonly backoff: BackoffOptions;
  private readonly random: () => number;
  private readonly logger: Pick<Logger, 'warn'> | undefined;

  constructor(options: WhatsAppWebChannelOptions) {
    const dataDir = options.dataDir ?? 'data';
    this.createClient =
      options.createClient ?? wwebjsClientFactory({ dataDir, chromiumPath: options.chromiumPath });
    this.backoff = { ...WWEBJS_BACKOFF, ...options.backoff };
    this.random = options.random ?? Math.random;
    this.sent = new BoundedMap(options.sentCacheSize ?? 10_000);
    this.intake = new MessageIntake({
      mediaSink: options.mediaSink,
      mediaBaseUrl: (options.mediaBaseUrl ?? '/api/media').replace(/\/+$/, ''),
      backfillLimit: options.backfillLimit ?? 100,
      now: options.now ?? (() => new Date()),
      emit: (event) => this.emit(event),
      warn: (error, sessionId, message) => this.warn(error, sessionId, message),
    });
    this.logger = options.logger;
  }

  /** Starts the session's client (restoring a saved login, or issuing QR codes); resolves once it is launching. */
  async connect(session: { sessionId: string; phoneNumber: string; name: string }): Promise<void> {
    let state = this.sessions.get(session.sessionId);
    if (!state) {
      state = {
        sessionId: session.sessionId,
        status: 'disconnected',
        client: null,
        attempt: 0,
        failures: 0,
        timer: null,
        stopped: false,
      };
      this.sessions.set(session.sessionId, state);
    }
    state.stopped = false;
    if (state.client && state.status === 'connected') {
      this.emit({ type: 'connected', sessionId: state.sessionId, phoneNumber: phoneOfClient(state.client) });
      return;
    }
    if (state.client) return; // Already starting: its QR / ready will come.
    this.clearTimer(state);
    await this.start(state);
  }

  status(sessionId: string): ChannelStatus {
    return this.sessions.get(sessionId)?.status ?? 'disconnected';
  }

  /** Logs the phone out (when connected), closes the browser and stops reconnecting. */
  async disconnect(sessionId: string): Promise<void> {
    const state = this.sessions.get(sessionId);
    if (!state) return;
    const was = state.status;
    const client = this.stop(state);
    if (client) {
      if (was === 'connected') await quietly(() => client.logout());
      await quietly(() => client.destroy());
    }
    if (was !== 'disconnected') this.emit({ type: 'disconnected', sessionId, reason: 'logout' });
  }

  /**
   * Closes the session's browser without logging the phone out or reporting it: the session runs on
   * another channel worker now, from the saved login (RemoteAuth's store; LocalAuth: this disk only).
   */
  async detach(sessionId: string): Promise<void> {
    const state = this.sessions.get(sessionId);
    if (!state) return;
    const client = this.stop(state);
    if (client) await quietly(() => client.destroy());
  }

  async send(sessionId: string, message: OutboundChannelMessage): Promise<{ providerMessageId: string }> {
    const state = this.sessions.get(sessionId);
    const client = state?.client;
    if (!state || !client || state.status !== 'connected') {
      throw new ChannelSendError(`WhatsApp session ${sessionId} is not connected`, false);
    }
    const earlier = this.sent.get(message.messageId);
    if (earlier) return { providerMessageId: earlier };
    const inFlight = this.sending.get(message.messageId);
    if (inFlight) return inFlight;
    if (!isSendableChatId(message.chatId)) {
      throw new ChannelSendError(`Not a WhatsApp chat id: ${message.chatId}`, true);
    }
    const sending = (async () => {
      let providerMessageId: string | undefined;
      try {
        const sent = await sendThrough(client, message);
        providerMessageId = providerMessageIdOf(sent?.id) ?? undefined; // the same form its acks take
      } catch (error) {
        throw toChannelSendError(error);
      }
      if (!providerMessageId) throw new ChannelSendError('WhatsApp returned no message id', false);
      this.sent.set(message.messageId, providerMessageId);
      return { providerMessageId };
    })();
    this.sending.set(message.messageId, sending);
    try {
      return await sending;
    } finally {
      this.sending.delete(message.messageId);
    }
  }

  /** Our messages in the chat with this text (see findSentMessages); throws when not connected. */
  async findSent(sessionId: string, query: SentMessageQuery): Promise<string[]> {
    const state = this.sessions.get(sessionId);
    if (!state?.client || state.status !== 'connected') {
      throw new ChannelSendError(`WhatsApp session ${sessionId} is not connected`, false);
    }
    return findSentMessages(state.client, query);
  }

  /** Downloads an inbound message's media again; the outcome is reported as a `media` event. */
  async retryMedia(sessionId: string, providerMessageId: string, recorded?: RecordedMedia): Promise<void> {
    const state = this.sessions.get(sessionId);
    const client = state?.client;
    if (!state || !client || state.status !== 'connected') {
      this.intake.mediaFailed(sessionId, providerMessageId, 'WhatsApp session is not connected');
      return;
    }
    await this.intake.fetchMediaAgain(client, sessionId, providerMessageId, recorded);
  }

  onEvent(listener: (event: ChannelEvent) => void | Promise<void>): () => void {
    return this.listeners.add(listener);
  }

  /** Closes every browser (saved logins stay, for the next start); no reconnects, no timers. */
  async close(): Promise<void> {
    this.listeners.clear();
    const clients = [...this.sessions.values()].map((state) => this.stop(state));
    await Promise.all(clients.map((client) => client && quietly(() => client.destroy())));
  }

  /**
   * Resolves once every event reported so far is recorded by the listeners (rejects if one could
   * not be).
   */
  async delivered(): Promise<void> {
    await this.listeners.delivered();
  }

  // ---- Client life cycle ----

  /** Creates and attaches a new client, then initializes it in the background. */
  private async start(state: Session): Promise<void> {
    const attempt = ++state.attempt;
    state.status = 'connecting';
    let client: ClientLike;
    try {
      client = await this.createClient(state.sessionId);
    } catch (error) {
      if (state.attempt === attempt) this.retryLater(state, error);
      return;
    }
    if (state.attempt !== attempt) {
      // Disconnected (or restarted) while the client was being made.
      await quietly(() => client.destroy());
      return;
    }
    state.client = client;
    this.attach(state, client);
    // Offline, initialize() rejects at once and no event fires: that is a failed attempt.
    void client.initialize().catch((error: unknown) => this.initializeFailed(state, client, error));
  }

  private async initializeFailed(state: Session, client: ClientLike, error: unknown): Promise<void> {
    if (state.client !== client) {
      await quietly(() => client.destroy());
      return;
    }
    const attempt = this.drop(state);
    await quietly(() => client.destroy());
    if (state.attempt !== attempt || state.stopped) return;
    this.retryLater(state, error);
  }

  /** Marks the session unavailable, reports when the next attempt comes, and schedules it. */
  private retryLater(state: Session, error: unknown): void {
    state.failures++;
    const delay = this.nextDelay(state);
    state.status = 'unavailable';
    this.emit({ type: 'failed', sessionId: state.sessionId, error: errorText(error), retryInMs: delay });
    this.schedule(state, delay);
  }

  private nextDelay(state: Session): number {
    return backoffDelay(state.failures, this.backoff, this.random);
  }

  private schedule(state: Session, delayMs: number): void {
    this.clearTimer(state);
    const attempt = state.attempt;
    const timer = setTimeout(() => {
      if (state.timer === timer) state.timer = null;
      if (state.stopped || state.attempt !== attempt) return;
      void this.start(state);
    }, delayMs);
    timer.unref?.();
    state.timer = timer;
  }

  private clearTimer(state: Session): void {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
  }

  /** Forgets the live client (its late events are ignored); returns the new attempt number. */
  private drop(state: Session): number {
    const client = state.client;
    state.client = null;
    if (client) {
      client.removeAllListeners();
      // An 'error' emitted with no listener would throw.
      client.on('error', () => undefined);
    }
    return ++state.attempt;
  }

  /** disconnect()/close(): no reconnect, no timer; returns the client to tear down. */
  private stop(state: Session): ClientLike | null {
    const client = state.client;
    state.stopped = true;
    this.clearTimer(state);
    this.drop(state);
    state.status = 'disconnected';
    state.failures = 0;
    return client;
  }

  private attach(state: Session, client: ClientLike): void {
    const live = () => state.client === client;
    const sessionId = state.sessionId;

    client.on('qr', (qr: string) => {
      if (!live()) return;
      state.status = 'qr';
      QRCode.toDataURL(qr).then(
        (qrCode) => {
          if (live() && state.status === 'qr') this.emit({ type: 'qr', sessionId, qrCode });
        },
        (error: unknown) => this.warn(error, sessionId, 'QR code image not drawn'),
      );
    });

    client.on('ready', () => {
      if (!live()) return;
      state.status = 'connected';
      state.failures = 0;
      this.emit({ type: 'connected', sessionId, phoneNumber: phoneOfClient(client) });
      void this.intake.backfill(sessionId, client, live);
    });

    client.on('auth_failure', (message: string) => {
      if (!live()) return;
      // The saved login was refused: only a new QR scan can bring the session back.
      this.drop(state);
      state.status = 'disconnected';
      void quietly(() => client.destroy());
      this.emit({
        type: 'failed',
        sessionId,
        error: `WhatsApp authentication failed: ${message}`,
        retryInMs: null,
      });
    });

    client.on('disconnected', (reason: string) => {
      if (!live()) return;
      this.drop(state);
      state.status = 'disconnected';
      this.emit({ type: 'disconnected', sessionId, reason: String(reason) });
      void quietly(() => client.destroy());
      if (state.stopped || reason === 'LOGOUT') return;
      state.failures++;
      this.schedule(state, this.nextDelay(state));
    });

    client.on('message', (msg: MessageLike) => {
      if (live()) this.intake.receive(sessionId, msg);
    });

    // Acks of messages sent before issue 26 (recorded with their address) come in the new form
    // too: a conversation matches an old id by its address-free form as well (message-window.ts).
    client.on('message_ack', (msg: MessageLike, ack: number) => {
      if (!live()) return;
      const status = ackStatus(ack);
      const providerMessageId = providerMessageIdOf(msg.id);
      if (status && providerMessageId) this.emit({ type: 'ack', sessionId, providerMessageId, status });
    });
  }

  // ---- Events ----

  private emit(event: ChannelEvent): void {
    this.listeners.emit(event);
  }

  private warn(error: unknown, sessionId: string, message: string): void {
    this.logger?.warn({ err: error, sessionId }, message);
  }
}

function phoneOfClient(client: ClientLike): string | null {
  return client.info?.wid?.user || null;
}
