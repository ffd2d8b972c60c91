import type { Logger } from 'pino';
import type { EventStore, ReadModels } from '@atende/events';
import { rebuild, type Projection } from '@atende/projector';

export interface OutdatedRefresh {
  /** Settles once the rebuild switched in, failed or stopped. */
  done: Promise<void>;
  /** Stops it between pages (what it built is discarded: the next start begins again). */
  stop(): Promise<void>;
}

/**
 * Rebuilds, blue/green and in the background, the projections whose kept version other code made
 * (an upgrade changed them): the kept version serves meanwhile, the live projector keeps it current,
 * and the rebuilt one switches in once it has caught up.
 */
export function refreshOutdated(options: {
  store: EventStore;
  readModels: ReadModels;
  projections: readonly Projection[];
  logger: Logger;
}): OutdatedRefresh {
  const { projections, logger } = options;
  if (projections.length === 0) return { done: Promise.resolve(), stop: async () => undefined };
  const controller = new AbortController();
  const names = projections.map((p) => p.name);
  logger.info({ projections: names }, 'read models made by other code: rebuilding them in the background');
  const done = rebuild({ ...options, signal: controller.signal }).then(
    (report) =>
      logger.info(
        { projections: names, events: report.events, ms: Math.round(report.elapsedMs) },
        'read models rebuilt by this code switched in',
      ),
    (error: unknown) => {
      if (controller.signal.aborted) return;
      logger.error(
        { err: error, projections: names },
        'background rebuild failed: the kept version keeps serving',
      );
    },
  );
  return {
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}
