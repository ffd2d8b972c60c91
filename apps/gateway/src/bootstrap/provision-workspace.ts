import { randomBytes } from 'node:crypto';
import {
  DEFAULT_TRIAL_DAYS,
  atendeRegistry,
  deterministicEventId,
  entitlementAt,
  handleCommand,
  memberDecider,
  newId,
  requireEmailAddress,
  streams,
  userDecider,
  workspaceDecider,
  type CommandHandlerDeps,
  type EventStore,
  type PlanName,
  type UserEvent,
  type WorkspaceEvent,
} from '@atende/events';
import { hashPassword } from '../auth/password.js';
import { seedDefaultCannedReplies } from './seed-canned-replies.js';

/** A one-time password: 16 characters from 12 random bytes (shown once, only its hash is kept). */
export function oneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** The id an account registered for an e-mail gets (one account per e-mail, DESIGN §2b). */
export function accountIdFor(email: string): string {
  return deterministicEventId('accounts', `user:${email}`);
}

export interface ProvisionInput {
  /** Default: a new random id (never derived from the name). */
  workspaceId?: string;
  companyName: string;
  owner: {
    email: string;
    name: string;
    /** For a new account; without one a one-time password is made (and answered once). */
    password?: string;
  };
  /** A plan from the start; without one the workspace starts on the 7-day trial. */
  plan?: PlanName | null;
  /** Who asks (recorded as the events' actor): 'system', 'ops', or the new owner at sign-up. */
  actorId: string;
  /**
   * The account already registered for the owner's e-mail, if any (the caller knows where to look:
   * the users read model, or the log for an ops command on a stopped deployment).
   */
  existingOwnerId?: string;
  now?: Date;
}

export interface ProvisionedWorkspace {
  workspaceId: string;
  ownerId: string;
  /** False when the owner's e-mail already had an account (it keeps its password). */
  ownerCreated: boolean;
  /** The one-time password made for a new owner account without a given password. */
  oneTimePassword?: string;
}

/** Every rule of the three first commands, checked before anything is written (never half a company). */
function validate(input: ProvisionInput, workspaceId: string, email: string, now: Date): void {
  workspaceDecider.decide(
    {
      type: 'CreateWorkspace',
      data: {
        workspaceId,
        name: input.companyName,
        ownerId: 'owner',
        trialStartedAt: now.toISOString(),
        plan: input.plan ?? null,
      },
    },
    workspaceDecider.initialState(),
  );
  userDecider.decide(
    {
      type: 'RegisterUser',
      data: { userId: 'owner', email, name: input.owner.name, authProvider: 'local', passwordHash: 'x' },
    },
    userDecider.initialState(),
  );
  memberDecider.decide(
    {
      type: 'AddMember',
      data: {
        workspaceId,
        userId: 'owner',
        name: input.owner.name,
        email,
        role: 'Owner',
        status: 'active',
        seats: { entitlement: entitlementAt(trialOf(input, now), now), activeMembers: 0 },
      },
    },
    memberDecider.initialState(),
  );
}

function trialOf(input: ProvisionInput, now: Date) {
  return { plan: input.plan ?? null, trialStartedAt: now.toISOString(), trialDays: DEFAULT_TRIAL_DAYS };
}

/**
 * Creates a company: the workspace (on its trial, or a plan), the owner's account when the e-mail has
 * none (one account per e-mail: an existing one just joins as Owner), the Owner membership and the
 * default canned replies. Each step checks its own stream first, so running it again after a crash
 * finishes the job without repeating a step.
 */
export async function provisionWorkspace(
  store: EventStore,
  input: ProvisionInput,
): Promise<ProvisionedWorkspace> {
  const deps: CommandHandlerDeps = { store, registry: atendeRegistry };
  const now = input.now ?? new Date();
  const workspaceId = input.workspaceId ?? newId();
  const email = requireEmailAddress(input.owner.email);
  const context = { workspaceId, actorId: input.actorId };

  validate(input, workspaceId, email, now);

  const history = await store.readStream<WorkspaceEvent>(streams.workspace(workspaceId));
  const created = history.find((e) => e.type === 'WorkspaceCreated');
  const ownerId =
    created?.type === 'WorkspaceCreated'
      ? created.data.ownerId
      : (input.existingOwnerId ?? accountIdFor(email));
  if (!created) {
    await handleCommand(
      deps,
      workspaceDecider,
      streams.workspace(workspaceId),
      {
        type: 'CreateWorkspace',
        data: {
          workspaceId,
          name: input.companyName,
          ownerId,
          trialStartedAt: now.toISOString(),
          plan: input.plan ?? null,
        },
      },
      context,
    );
  }

  let ownerCreated = false;
  let password: string | undefined;
  const account = await store.readStream<UserEvent>(streams.user(ownerId));
  if (account.length === 0) {
    password = input.owner.password ?? oneTimePassword();
    await handleCommand(
      deps,
      userDecider,
      streams.user(ownerId),
      {
        type: 'RegisterUser',
        data: {
          userId: ownerId,
          email,
          name: input.owner.name,
          authProvider: 'local',
          passwordHash: await hashPassword(password),
          // A one-time password (printed for the host) is changed at the first sign-in.
          temporaryPassword: input.owner.password === undefined,
        },
      },
      context,
    );
    ownerCreated = true;
  }

  if ((await store.readStream(streams.member(workspaceId, ownerId))).length === 0) {
    await handleCommand(
      deps,
      memberDecider,
      streams.member(workspaceId, ownerId),
      {
        type: 'AddMember',
        data: {
          workspaceId,
          userId: ownerId,
          name: input.owner.name,
          email,
          role: 'Owner',
          status: 'active',
          // The first member of a new workspace: its own plan, nobody else yet.
          seats: { entitlement: entitlementAt(trialOf(input, now), now), activeMembers: 0 },
        },
      },
      context,
    );
  }
  await seedDefaultCannedReplies(deps, workspaceId, context);
  return {
    workspaceId,
    ownerId,
    ownerCreated,
    ...(ownerCreated && input.owner.password === undefined ? { oneTimePassword: password } : {}),
  };
}
