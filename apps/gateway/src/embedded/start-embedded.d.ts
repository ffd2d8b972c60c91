import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { AtendeConfig } from '@atende/config';
import type { EventStore, ReadModels } from '@atende/events';
import { Projector } from '@atende/projector';
import { type AppOptions } from '../http/create-app.js';
import { type Realtime } from '../realtime/index.js';
import { SandboxChannel } from '@atende/channel-worker';
import { type DemoWorkspace } from '../bootstrap/ensure-demo-workspace.js';
export interface EmbeddedAtende {
    store: EventStore;
    readModels: ReadModels;
    /** Follows the log for the inbox's read models (rebuilt before listening). */
    projector: Projector;
    /** Follows the log for read models caught up after start (analytics). */
    backgroundProjector: Projector;
    server: Server;
    /** Socket.IO fan-out of the log to signed-in members. */
    realtime: Realtime;
    /** The URL it listens on (useful with PORT=0). */
    url: string;
    demo: DemoWorkspace;
    /** The WhatsApp sandbox phone, when the sandbox driver is on. */
    sandbox: SandboxChannel | undefined;
    /** How long rebuilding the in-process read models from the log took at start. */
    startupRebuildMs: number;
    stop(): Promise<void>;
}
export interface EmbeddedOptions {
    /** Run without a live WhatsApp channel (tests that drive sessions through the domain). Default true. */
    channel?: boolean;
    /** Login throttle limits (tests lower them). */
    loginLimits?: AppOptions['loginLimits'];
}
export declare function startEmbedded(config: AtendeConfig, logger: Logger, options?: EmbeddedOptions): Promise<EmbeddedAtende>;
