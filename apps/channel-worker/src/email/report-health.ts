import type { Logger } from 'pino';
import {
  atendeRegistry,
  handleCommand,
  streams,
  workspaceDecider,
  type EventStore,
  type IntegrationServer,
} from '@atende/events';

/**
 * Notes on the workspace's Email card how one of its servers answered (the decider records only a
 * change): what Integrações shows while a server is unreachable. Never throws: a report that could not
 * be recorded is logged, and the next attempt reports again.
 */
export async function reportEmailServerHealth(
  store: EventStore,
  logger: Logger,
  workspaceId: string,
  server: IntegrationServer,
  error: string | null,
): Promise<void> {
  try {
    await handleCommand(
      { store, registry: atendeRegistry },
      workspaceDecider,
      streams.workspace(workspaceId),
      {
        type: 'ReportIntegrationHealth',
        data: { integrationType: 'email', server, reachable: error === null, error },
      },
      { workspaceId, actorId: 'email-channel' },
    );
  } catch (failure) {
    logger.warn({ err: failure, workspaceId, server }, 'email server health not recorded');
  }
}
