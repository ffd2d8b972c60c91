import type { IntegrationServer } from './events.js';
import type { IntegrationType } from './integrations.js';
import type { PlanName } from './plan.js';
import type { WorkspaceSettingsPatch } from './settings.js';

export type WorkspaceCommand =
  | {
      type: 'CreateWorkspace';
      data: {
        workspaceId: string;
        name: string;
        ownerId: string;
        /** ISO date-time with offset; normalised to UTC. */
        trialStartedAt: string;
        /** Default 7 (spec §1: the stored trial record). */
        trialDays?: number;
        /** A plan chosen at creation (the host's `--plan`); without one the workspace starts on the trial. */
        plan?: PlanName | null;
      };
    }
  /** Billing: the host moves the workspace to a plan (ends the trial's restrictions). */
  | { type: 'ChangePlan'; data: { plan: string } }
  /** Settings form: deep-merged into the current settings. */
  | { type: 'ChangeWorkspaceSettings'; data: { patch: WorkspaceSettingsPatch } }
  /** Importar: the parsed JSON file, replacing every setting. */
  | { type: 'ReplaceWorkspaceSettings'; data: { settings: unknown } }
  /** 'Salvar Configuração': `config` maps the card's field labels to values. */
  | { type: 'ConfigureIntegration'; data: { integrationType: string; config: Record<string, string> } }
  | { type: 'DisconnectIntegration'; data: { integrationType: string } }
  /** A channel worker tells how a server of the integration answers (only a change is recorded). */
  | {
      type: 'ReportIntegrationHealth';
      data: {
        integrationType: IntegrationType;
        server: IntegrationServer;
        reachable: boolean;
        error: string | null;
      };
    }
  /**
   * 'Excluir todos os dados da conta': closes the workspace and erases its read models. `confirmation`
   * is what the Owner typed (DELETE_WORKSPACE_CONFIRMATION); the lists name the members and WhatsApp
   * sessions the workspace has now, and which of the members' accounts belong to other workspaces.
   */
  | {
      type: 'DeleteWorkspaceData';
      data: {
        deletedBy: string;
        confirmation: string;
        memberIds: string[];
        channelSessionIds: string[];
        /** Members whose accounts belong to other workspaces too (they keep their account). */
        keptAccountIds?: string[];
      };
    };
