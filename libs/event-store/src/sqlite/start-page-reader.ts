import { Worker } from 'node:worker_threads';
import type { ParsedEventRow } from './schema.js';

/** Pages the worker keeps ready, so a page the caller finishes early does not wait on the next. */
const READ_AHEAD_PAGES = 2;

interface PageReaderData {
  filename: string;
  from: number;
  pageSize: number;
}

/**
 * Starts the page-reader worker. Worker threads do not inherit tsx's loader on Node 20, so the
 * thread registers it first, then loads the TypeScript module next to this one.
 */
export function startPageReader(data: PageReaderData): Worker {
  const url = new URL('./page-reader.worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`,
    { eval: true, workerData: data },
  );
}

/**
 * The log's rows from `from` on, page by page, read and encoded by a worker thread while the caller
 * works on the page before; the worker ends with the generator.
 */
export async function* readPagesInWorker(data: PageReaderData): AsyncGenerator<ParsedEventRow[]> {
  const worker = startPageReader(data);
  const pages: Array<string | null> = [];
  let wake: (() => void) | undefined;
  let failure: unknown;
  worker.on('message', (page: string | null) => {
    pages.push(page);
    wake?.();
  });
  worker.on('error', (error: Error) => {
    failure = error;
    wake?.();
  });
  try {
    for (let i = 0; i < READ_AHEAD_PAGES; i += 1) worker.postMessage('next');
    for (;;) {
      while (pages.length === 0 && failure === undefined) {
        await new Promise<void>((resolve) => (wake = resolve));
      }
      if (failure !== undefined) throw failure;
      const text = pages.shift()!;
      if (text === null) return;
      worker.postMessage('next'); // read ahead while the caller works on this page
      yield JSON.parse(text) as ParsedEventRow[];
    }
  } finally {
    await worker.terminate();
  }
}
