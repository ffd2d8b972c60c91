import {
  entitlementAt,
  trialEndsAt,
  usageMonth,
  type AtendeEvent,
  type PlanName,
  type StoredEvent,
} from '@atende/events';

/** One company as `npm run workspace -- list` shows it. */
export interface DirectoryEntry {
  id: string;
  name: string;
  ownerId: string;
  /** null while on the trial. */
  plan: PlanName | null;
  trialEndsAt: string;
  status: 'trial' | 'trial-ended' | 'subscribed';
  createdAt: string;
  activeMembers: number;
  conversationsThisMonth: number;
}

export interface Directory {
  /** Companies whose data was not deleted, oldest first. */
  workspaces: DirectoryEntry[];
  /** Deleted companies' ids (their id cannot be used again). */
  deleted: Set<string>;
  /** e-mail → account id (the first account of an e-mail, as sign-in finds it). */
  accounts: Map<string, string>;
  deactivatedAccounts: Set<string>;
}

interface Building {
  entry: Omit<DirectoryEntry, 'status' | 'trialEndsAt' | 'activeMembers' | 'conversationsThisMonth'> & {
    trialStartedAt: string;
    trialDays: number;
  };
  /** userId → active? */
  members: Map<string, boolean>;
  conversationsThisMonth: number;
}

/**
 * Folds the event log into the list of companies, straight from the store (the deployment may be
 * stopped; in embedded mode its read models live only in its process): what the ops command needs
 * and nothing more.
 */
export class DirectoryFold {
  private readonly building = new Map<string, Building>();
  private readonly deleted = new Set<string>();
  private readonly accounts = new Map<string, string>();
  private readonly deactivated = new Set<string>();

  constructor(private readonly now: Date) {}

  private readonly month = (): string => usageMonth(this.now);

  apply(event: StoredEvent<AtendeEvent>): void {
    const workspaceId = event.metadata.workspaceId;
    const ws = this.building.get(workspaceId);
    switch (event.type) {
      case 'WorkspaceCreated': {
        const d = event.data;
        if (this.building.has(d.workspaceId)) return;
        this.building.set(d.workspaceId, {
          entry: {
            id: d.workspaceId,
            name: d.name,
            ownerId: d.ownerId,
            plan: null,
            createdAt: event.metadata.occurredAt,
            trialStartedAt: d.trialStartedAt,
            trialDays: d.trialDays,
          },
          members: new Map(),
          conversationsThisMonth: 0,
        });
        return;
      }
      case 'WorkspacePlanChanged':
        if (ws) ws.entry.plan = event.data.plan;
        return;
      case 'WorkspaceSettingsChanged':
        // The company name shown is the one of Configurações → Empresa once it was changed there.
        if (ws && event.data.settings.company.name.trim())
          ws.entry.name = event.data.settings.company.name.trim();
        return;
      case 'WorkspaceDataDeleted':
        this.deleted.add(event.data.workspaceId);
        this.building.delete(event.data.workspaceId);
        return;
      case 'MemberAdded':
        ws?.members.set(event.data.userId, event.data.status === 'active');
        return;
      case 'MemberStatusChanged':
        if (ws?.members.has(event.data.userId))
          ws.members.set(event.data.userId, event.data.status === 'active');
        return;
      case 'MemberRemoved':
        ws?.members.delete(event.data.userId);
        return;
      case 'ConversationStarted':
        if (ws && usageMonth(event.metadata.occurredAt) === this.month()) ws.conversationsThisMonth += 1;
        return;
      case 'UserRegistered':
        if (!this.accounts.has(event.data.email)) this.accounts.set(event.data.email, event.data.userId);
        return;
      case 'UserDeactivated':
        this.deactivated.add(event.data.userId);
        return;
      default:
        return;
    }
  }

  result(): Directory {
    const workspaces = [...this.building.values()].map(({ entry, members, conversationsThisMonth }) => {
      const { trialStartedAt, trialDays, ...rest } = entry;
      const plan = { plan: entry.plan, trialStartedAt, trialDays };
      return {
        ...rest,
        trialEndsAt: trialEndsAt(plan),
        status: entitlementAt(plan, this.now).status,
        activeMembers: [...members].filter(([userId, active]) => active && !this.deactivated.has(userId))
          .length,
        conversationsThisMonth,
      } satisfies DirectoryEntry;
    });
    return {
      workspaces: workspaces.sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      deleted: this.deleted,
      accounts: this.accounts,
      deactivatedAccounts: this.deactivated,
    };
  }
}
