import type { AtendeConfig } from '@atende/config';
import {
  DomainError,
  WrongExpectedVersionError,
  atendeRegistry,
  channelSessionDecider,
  deterministicEventId,
  handleCommand,
  loadAggregate,
  streams,
  workspaceDecider,
  type PlanName,
  type EventStore,
  type WorkspaceEvent,
} from '@atende/events';
import { provisionWorkspace } from './provision-workspace.js';

/** Id of the workspace created on first start. */
export const DEFAULT_WORKSPACE_ID = 'minha-empresa';
export const DEFAULT_WORKSPACE_NAME = 'Minha Empresa';
/** The plan of the workspace a deployment starts with (the host's own company, the demo). */
export const HOST_WORKSPACE_PLAN: PlanName = 'enterprise';
export const DEMO_OWNER = { email: 'demo@atende.local', password: 'demo1234', name: 'Demo' } as const;
/** The demo's WhatsApp session, already paired with the sandbox phone (DESIGN §6). */
export const DEMO_SANDBOX_SESSION = {
  sessionId: 'demo-sandbox',
  phoneNumber: '5511999990000',
  name: 'Suporte',
} as const;

export interface DemoWorkspace {
  workspaceId: string;
  workspaceName: string;
  ownerId: string;
  /** True when this start created the workspace. */
  created: boolean;
  /** Set when the owner is the demo account (no ATENDE_OWNER_* configured). */
  demoCredentials?: { email: string; password: string };
  /** The demo's connected sandbox WhatsApp session, when this is the demo workspace. */
  sandboxSessionId?: string;
  /**
   * When its Owner deleted the workspace's data ('Excluir todos os dados da conta'): it is not
   * created again (that would undo the deletion); a new start needs an empty data folder.
   */
  deletedAt?: string;
}

/**
 * First start with an empty store creates "Minha Empresa" (on the Enterprise plan: the host's own),
 * its owner and its default canned replies (DESIGN §6). Every step checks its own stream first, so a crash half-way is finished on the next
 * start and nothing repeats.
 */
/** What the first start reads from the configuration. */
export type BootstrapConfig = Pick<
  AtendeConfig,
  'ATENDE_OWNER_EMAIL' | 'ATENDE_OWNER_PASSWORD' | 'whatsappDriver'
>;

/**
 * The first company and its owner, made once. Every gateway runs it at start: when two start
 * together, the one that loses the race (the owner or the company made, or a stream written, meanwhile)
 * runs it again and finds everything made.
 */
export async function ensureDemoWorkspace(
  store: EventStore,
  config: BootstrapConfig,
): Promise<DemoWorkspace> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ensureOnce(store, config);
    } catch (error) {
      const raced =
        error instanceof WrongExpectedVersionError ||
        (error instanceof DomainError && error.code.endsWith('_EXISTS'));
      if (!raced || attempt === 4) throw error;
    }
  }
}

async function ensureOnce(store: EventStore, config: BootstrapConfig): Promise<DemoWorkspace> {
  const deps = { store, registry: atendeRegistry };
  const owner = config.ATENDE_OWNER_EMAIL
    ? {
        email: config.ATENDE_OWNER_EMAIL.toLowerCase(),
        password: config.ATENDE_OWNER_PASSWORD!,
        name: config.ATENDE_OWNER_EMAIL.split('@')[0]!,
      }
    : DEMO_OWNER;
  const workspaceId = DEFAULT_WORKSPACE_ID;
  const context = { workspaceId, actorId: 'system' };

  const existing = await store.readStream<WorkspaceEvent>(streams.workspace(workspaceId));
  const deletion = existing.find((e) => e.type === 'WorkspaceDataDeleted');
  if (deletion) {
    return {
      workspaceId,
      workspaceName: DEFAULT_WORKSPACE_NAME,
      ownerId: deletion.metadata.actorId ?? 'system',
      created: false,
      deletedAt: deletion.metadata.occurredAt,
    };
  }
  const createdEvent = existing.find((e) => e.type === 'WorkspaceCreated');
  const { ownerId } = await provisionWorkspace(store, {
    workspaceId,
    companyName: DEFAULT_WORKSPACE_NAME,
    owner: { email: owner.email, name: owner.name, password: owner.password },
    // The host's own company: no trial to run out (companies it serves start on theirs).
    plan: HOST_WORKSPACE_PLAN,
    actorId: 'system',
    existingOwnerId: deterministicEventId(workspaceId, `owner:${owner.email}`),
  });
  // A log from before plans: the host's workspace moves to its plan once.
  const { state } = await loadAggregate(deps, workspaceDecider, streams.workspace(workspaceId));
  if (state.status === 'active' && state.workspace.plan === null) {
    await handleCommand(
      deps,
      workspaceDecider,
      streams.workspace(workspaceId),
      { type: 'ChangePlan', data: { plan: HOST_WORKSPACE_PLAN } },
      context,
    );
  }

  const isDemo = !config.ATENDE_OWNER_EMAIL;
  if (isDemo && config.whatsappDriver === 'sandbox') {
    const stream = streams.channel(DEMO_SANDBOX_SESSION.sessionId);
    if ((await store.readStream(stream)).length === 0) {
      await handleCommand(
        deps,
        channelSessionDecider,
        stream,
        {
          type: 'RequestChannelSession',
          data: { ...DEMO_SANDBOX_SESSION, workspaceId, driver: 'sandbox', userId: ownerId },
        },
        context,
      );
      await handleCommand(
        deps,
        channelSessionDecider,
        stream,
        { type: 'MarkConnected', data: { phoneNumber: DEMO_SANDBOX_SESSION.phoneNumber } },
        context,
      );
    }
  }
  return {
    workspaceId,
    workspaceName: DEFAULT_WORKSPACE_NAME,
    ownerId,
    created: !createdEvent,
    ...(isDemo ? { demoCredentials: { email: DEMO_OWNER.email, password: DEMO_OWNER.password } } : {}),
    ...(isDemo && config.whatsappDriver === 'sandbox'
      ? { sandboxSessionId: DEMO_SANDBOX_SESSION.sessionId }
      : {}),
  };
}
