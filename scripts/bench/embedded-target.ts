import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import type { EventStore } from '@atende/events';
import { startEmbedded } from '@atende/gateway';
import { limitEmbeddedHeapGrowth } from '@atende/server';
import { AS_DEPLOYED } from './as-deployed.js';

/** What bench:ingest drives: where agents connect, how a customer message goes in, the log. */
export interface IngestTarget {
  label: string;
  /** A gateway: sign-in and the agent socket. */
  url: string;
  sessionId: string;
  /** The phone sends one message (fire and forget; `recorded` waits for it). */
  send(input: { from: string; name: string; text: string; providerMessageId: string }): void;
  /** Resolves once every message sent so far is in the event log; counts the ones refused. */
  recorded(): Promise<void>;
  failures(): number;
  store: EventStore;
  /** Resolves once the read models include everything in the log. */
  caughtUp(): Promise<void>;
  /**
   * Resolves once every consumer has handled everything in the log (read models, notifier, channel
   * worker), so a measurement at a steady rate does not start while the system still works off
   * the phase before it; false if that took longer than `timeoutMs`.
   */
  settled(timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

export async function embeddedTarget(
  dir: string,
  synchronous: 'full' | 'normal',
  options: { plainEventLog?: boolean; readModels?: 'memory' | 'sqlite'; writerThread?: boolean } = {},
): Promise<IngestTarget> {
  limitEmbeddedHeapGrowth(); // as npm start runs it
  const atende = await startEmbedded(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SQLITE_SYNCHRONOUS: synchronous,
      LOG_LEVEL: 'silent',
      EMBEDDED_READ_MODELS: options.readModels ?? 'sqlite',
      EMBEDDED_READ_MODELS_WRITER_THREAD: options.writerThread ? 'true' : 'false',
      ...AS_DEPLOYED,
    }),
    pino({ level: 'silent' }),
    options.plainEventLog ? { plainEventLog: true } : {},
  );
  // The sandbox phone wired to the channel bridge: the code path of its HTTP controls minus HTTP.
  const sandbox = atende.sandbox;
  const sessionId = atende.demo.sandboxSessionId;
  if (!sandbox || !sessionId) throw new Error('the embedded start has no sandbox session');
  let failures = 0;
  return {
    label: `embedded, SQLite synchronous=${synchronous}, read models ${options.readModels ?? 'sqlite'}${options.writerThread ? ' (writer thread)' : ''}; sandbox.inbound() in-process`,
    url: atende.url,
    sessionId,
    send: (input) => void sandbox.inbound(sessionId, input),
    recorded: () => sandbox.delivered().catch(() => void (failures += 1)),
    failures: () => failures,
    store: atende.store,
    caughtUp: async () => void (await atende.projector.caughtUp()),
    settled: async (timeoutMs) => {
      const caughtUp = Promise.all([atende.projector.caughtUp(), atende.backgroundProjector.caughtUp()]);
      const late = new Promise<false>((resolve) => setTimeout(resolve, timeoutMs, false).unref());
      return await Promise.race([caughtUp.then(() => true), late]);
    },
    stop: () => atende.stop(),
  };
}
