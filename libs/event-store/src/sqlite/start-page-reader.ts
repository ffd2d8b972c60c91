import { Worker } from 'node:worker_threads';

/**
 * Starts the page-reader worker. Worker threads do not inherit tsx's loader on Node 20, so the
 * thread registers it first, then loads the TypeScript module next to this one.
 */
export function startPageReader(data: { filename: string; from: number; pageSize: number }): Worker {
  const url = new URL('./page-reader.worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`,
    { eval: true, workerData: data },
  );
}
