import { act } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';

/**
 * A stand-in for XMLHttpRequest in unit tests: it records what is sent and lets the test report
 * upload progress and answer (msw does not report upload progress). Install with `useFakeXhr()`.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  /** Answered or failed already. */
  settled = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  /** The multipart fields in order (a file by its name). */
  fields(): [string, string][] {
    return [...this.body!.entries()].map(([name, value]) => [
      name,
      typeof value === 'string' ? value : value.name,
    ]);
  }
  field(name: string): string | undefined {
    return this.fields().find(([key]) => key === name)?.[1];
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  async respond(status: number, body: unknown) {
    this.settled = true;
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    // The upload's promise settles on a later tick: let it, inside act.
    await act(async () => {
      this.onload?.();
    });
  }
  async fail() {
    this.settled = true;
    await act(async () => {
      this.onerror?.();
    });
  }
}

/** Puts FakeXhr in place of XMLHttpRequest for each test of the file. */
export function useFakeXhr(): typeof FakeXhr {
  let original: typeof XMLHttpRequest;
  beforeEach(() => {
    FakeXhr.sent = [];
    original = globalThis.XMLHttpRequest;
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(async () => {
    globalThis.XMLHttpRequest = original;
    // Uploads a test left unanswered fail, so the next test's do not queue behind them.
    for (const xhr of FakeXhr.sent) if (!xhr.settled) await xhr.fail();
  });
  return FakeXhr;
}

/**
 * A file as the browser hands it over (Node's File: the FormData of the test environment takes only
 * Node's blobs). `size` pretends a larger file without allocating it.
 */
export function testFile(name: string, type: string, size?: number): File {
  const file = new NodeFile(['conteúdo'], name, { type }) as unknown as File;
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
