import { mediaUrlOf, type ChannelEvent, type RecordedMedia } from '@atende/events';
import type { MediaSink } from '../whatsapp-web/media-sink.js';

/** What a download brings: the bytes and their MIME type. */
export interface DownloadedMedia {
  data: Buffer;
  mimetype: string;
}

/** A customer's media larger than this is not kept (WhatsApp's own limit for documents is higher; images far lower). */
export const SANDBOX_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 15_000;

/** Where the sandbox phone keeps the media customers send: downloaded, never hot-linked. */
export interface SandboxMediaOptions {
  sink: MediaSink;
  /** Default: an HTTP(S) GET with a 15 s timeout and a 16 MB cap. */
  download?: (url: string) => Promise<DownloadedMedia>;
}

/** Fetches a media URL (http or https) as a phone would, refusing what is too large or not there. */
export async function downloadMedia(url: string): Promise<DownloadedMedia> {
  if (!/^https?:\/\//i.test(url)) throw new Error('endereço não é http nem https');
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`o servidor respondeu ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > SANDBOX_MEDIA_MAX_BYTES) {
    await response.body?.cancel();
    throw new Error('arquivo maior que 16 MB');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += (chunk as Uint8Array).byteLength;
    if (size > SANDBOX_MEDIA_MAX_BYTES) throw new Error('arquivo maior que 16 MB');
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  const mimetype = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
  return { data: Buffer.concat(chunks), mimetype };
}

/**
 * The sandbox phone's media of customers' messages: downloaded into the media store (`stored`, with
 * its `/api/media/…` URL) or `failed` with the reason; told only once the message itself is recorded
 * (its media is recorded against it). Without a sink (unit tests) the URL is taken as stored.
 */
export class SandboxMediaKeeper {
  /** `${sessionId}:${providerMessageId}` → URL and chat of media received since start, for retries. */
  private readonly received = new Map<string, { url: string; chatId: string | undefined }>();

  constructor(
    private readonly options: SandboxMediaOptions | undefined,
    private readonly emit: (event: ChannelEvent) => void,
    private readonly delivered: () => Promise<void>,
  ) {}

  async keep(
    sessionId: string,
    providerMessageId: string,
    url: string,
    chatId: string | undefined,
  ): Promise<void> {
    this.received.set(`${sessionId}:${providerMessageId}`, { url, chatId });
    if (!this.options) {
      this.emit({ type: 'media', sessionId, providerMessageId, status: 'stored', mediaUrl: url });
      return;
    }
    const { sink, download = downloadMedia } = this.options;
    let outcome: ChannelEvent;
    try {
      const media = await download(url);
      const { mediaId } = await sink.save({
        sessionId,
        providerMessageId,
        ...(chatId ? { chatId } : {}),
        mimetype: media.mimetype,
        data: media.data,
      });
      outcome = {
        type: 'media',
        sessionId,
        providerMessageId,
        status: 'stored',
        mediaUrl: mediaUrlOf(mediaId),
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      outcome = {
        type: 'media',
        sessionId,
        providerMessageId,
        status: 'failed',
        error: `Mídia indisponível: ${reason}`,
      };
    }
    await this.delivered();
    this.emit(outcome);
  }

  /** After a restart the phone has forgotten it: the URL the log recorded is fetched again. */
  async retry(sessionId: string, providerMessageId: string, recorded?: RecordedMedia): Promise<void> {
    const known =
      this.received.get(`${sessionId}:${providerMessageId}`) ??
      (recorded?.mediaUrl ? { url: recorded.mediaUrl, chatId: undefined } : undefined);
    if (!known) {
      this.emit({
        type: 'media',
        sessionId,
        providerMessageId,
        status: 'failed',
        error: 'Mídia não encontrada',
      });
      return;
    }
    await this.keep(sessionId, providerMessageId, known.url, known.chatId);
  }
}
