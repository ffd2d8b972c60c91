import { HttpClient, type HttpAnswer, type RequestOptions } from '../reliability/http-client.js';
import { answerCode } from '../reliability/until-acknowledged.js';

/**
 * An HttpClient over several servers of one role, as a load balancer or a phone's network sees
 * them: a request goes to the server that answered last (`spread`: to each in turn) and, when that
 * one is down, hangs, fails (5xx) or answers one of `notHere` (e.g. "this worker does not run that
 * session"), to the next.
 * The callers' own retries (deliver, untilAcknowledged) then see a failure only when every server
 * failed. Each try is cut at `tryMs`: a host cut off the network would otherwise hold it for 30 s.
 */
export class FailoverClient extends HttpClient {
  private readonly clients: HttpClient[];
  private preferred = 0;
  /** Tries that failed over to the next server (a server down, cut off, failing or not the one). */
  failovers = 0;

  constructor(
    baseUrls: string[],
    private readonly options: { notHere?: ReadonlySet<string>; spread?: boolean; tryMs?: number } = {},
  ) {
    super(baseUrls[0]!);
    this.clients = baseUrls.map((url) => new HttpClient(url));
  }

  override async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
    const { notHere, spread = false, tryMs = 8_000 } = this.options;
    let answer: HttpAnswer | undefined;
    let failure: unknown;
    if (spread) this.preferred = (this.preferred + 1) % this.clients.length;
    for (let i = 0; i < this.clients.length; i += 1) {
      const index = (this.preferred + i) % this.clients.length;
      try {
        answer = await this.clients[index]!.request(method, path, {
          ...options,
          timeoutMs: Math.min(options.timeoutMs ?? tryMs, tryMs),
        });
        if (answer.status < 500 && !notHere?.has(answerCode(answer.text))) {
          this.preferred = index;
          return answer;
        }
      } catch (error) {
        if (options.signal?.aborted) throw error;
        failure = error;
      }
      this.failovers += 1;
    }
    if (answer) return answer;
    throw failure;
  }

  override close(): void {
    for (const client of this.clients) client.close();
    super.close();
  }
}
