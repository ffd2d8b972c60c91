import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AtendeConfig } from '@atende/config';
import type { EventStore } from '@atende/events';
import { openEventStore } from '@atende/event-store';
import { createApp } from '../http/create-app.js';
import { ensureDemoWorkspace, type DemoWorkspace } from '../bootstrap/ensure-demo-workspace.js';

export interface EmbeddedAtende {
  store: EventStore;
  server: Server;
  /** The URL it listens on (useful with PORT=0). */
  url: string;
  demo: DemoWorkspace;
  stop(): Promise<void>;
}

/** Embedded mode: one process with the event store, the HTTP gateway (and, later, projector and channel worker). */
export async function startEmbedded(config: AtendeConfig, logger: Logger): Promise<EmbeddedAtende> {
  const store = openEventStore({
    kind: 'sqlite',
    filename: path.join(config.dataDir, 'events.db'),
    synchronous: config.SQLITE_SYNCHRONOUS,
  });
  const demo = await ensureDemoWorkspace(store, config);
  const app = createApp({ store, logger, startedAt: new Date() });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  let stopping: Promise<void> | undefined;
  return {
    store,
    server,
    demo,
    url: `http://localhost:${port}`,
    stop: () =>
      (stopping ??= (async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await store.close();
      })()),
  };
}
