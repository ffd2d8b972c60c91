import http from 'node:http';

type ReusedSocketError = Error & { onReusedSocket?: boolean };

/** One HTTP answer, body as text (parse it with `json`). */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Abandons the request (a sender that gives up because another one failed). */
  signal?: AbortSignal;
}

/**
 * A small keep-alive HTTP client for one base URL (the driver's connections are reused; a killed
 * server resets them, which surfaces as a rejected request the caller retries).
 */
export class HttpClient {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(
    readonly baseUrl: string,
    maxSockets = 64,
  ) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  /**
   * A kept-alive connection the server closes as idle (its 5 s keep-alive timeout) just as a
   * request goes out on it fails with ECONNRESET ("socket hang up"): that request never reached
   * the handler, so it is sent once more on a fresh connection (the pattern Node's http docs give).
   */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
    try {
      return await this.send(method, path, options);
    } catch (error) {
      if (
        !(error as ReusedSocketError).onReusedSocket ||
        (error as NodeJS.ErrnoException).code !== 'ECONNRESET'
      ) {
        throw error;
      }
      return this.send(method, path, options);
    }
  }

  private send(method: string, path: string, options: RequestOptions): Promise<HttpAnswer> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: http.OutgoingHttpHeaders = {};
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (options.cookie) headers.cookie = options.cookie;
    Object.assign(headers, options.headers);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          method,
          path,
          headers,
          agent: this.agent,
          signal: options.signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(options.timeoutMs ?? 30_000, () =>
        req.destroy(new Error(`${method} ${path}: timed out`)),
      );
      req.on('error', (error: ReusedSocketError) => {
        error.onReusedSocket = req.reusedSocket;
        reject(error);
      });
      req.end(payload);
    });
  }

  /** GET/POST expecting 200 and JSON; anything else throws with the answer in the message. */
  async json<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const answer = await this.request(method, path, options);
    if (answer.status !== 200) {
      throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
    }
    return JSON.parse(answer.text) as T;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Signs in as the demo owner; the session cookie and the user id. */
export async function loginDemo(client: HttpClient): Promise<{ cookie: string; userId: string }> {
  const answer = await client.request('POST', '/api/auth/login', {
    body: { email: 'demo@atende.local', password: 'demo1234' },
  });
  if (answer.status !== 200) throw new Error(`login: ${answer.status} ${answer.text.slice(0, 300)}`);
  const setCookie = answer.headers['set-cookie']?.find((c) => c.startsWith('atende_session='));
  if (!setCookie) throw new Error('login: no atende_session cookie');
  const userId = (JSON.parse(answer.text) as { user: { id: string } }).user.id;
  return { cookie: setCookie.split(';')[0]!, userId };
}
