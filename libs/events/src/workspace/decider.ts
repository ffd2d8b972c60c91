import { z } from 'zod';
import type { Decider } from '../core/decider.js';
import { assertNever } from '../core/decider.js';
import { DomainError } from '../core/errors.js';
import type { WorkspaceCommand } from './commands.js';
import { checkEmailConfig } from '../email/email-settings.js';
import { DELETE_WORKSPACE_CONFIRMATION } from './data-deletion.js';
import type { IntegrationServer, WorkspaceEvent } from './events.js';
import { WORKSPACE_NAME_MAX_LENGTH } from './events.js';
import type { IntegrationType } from './integrations.js';
import type { PlanName, WorkspacePlan } from './plan.js';
import { isPlanName } from './plan.js';
import { INTEGRATION_FIELD_MAX_LENGTH, integrationConfigFields, isIntegrationType } from './integrations.js';
import type { WorkspaceSettings } from './settings.js';
import {
  defaultWorkspaceSettings,
  mergeWorkspaceSettings,
  sameWorkspaceSettings,
  workspaceSettingsPatchSchema,
  workspaceSettingsSchema,
} from './settings.js';

export const DEFAULT_TRIAL_DAYS = 7;

export interface ConnectedIntegration {
  status: 'connected';
  /** Field label → value, only the labels of the integration's type. */
  config: Record<string, string>;
  /** How its servers answered, as last reported (none yet: not tried since it was saved). */
  health?: Partial<Record<IntegrationServer, ServerHealth>>;
}

export interface ServerHealth {
  reachable: boolean;
  error: string | null;
}

export interface WorkspaceFields {
  workspaceId: string;
  name: string;
  ownerId: string;
  trialStartedAt: string;
  trialDays: number;
  /** The plan chosen; null while on the trial. */
  plan: PlanName | null;
  settings: WorkspaceSettings;
  /** Connected integrations only; a disconnected one has no entry. */
  integrations: Partial<Record<IntegrationType, ConnectedIntegration>>;
}

/** `deleted`: its data was erased ('Excluir todos os dados da conta'); nothing changes it any more. */
export type WorkspaceState =
  | { status: 'none' }
  | { status: 'active'; workspace: WorkspaceFields }
  | { status: 'deleted'; workspaceId: string };

export const WORKSPACE_NOT_FOUND_MESSAGE = 'Empresa não encontrada';
export const SETTINGS_IMPORT_ERROR_MESSAGE = 'Erro ao importar arquivo. Verifique se o formato está correto.';
export const SETTINGS_INVALID_MESSAGE = 'Configurações inválidas';
export const INTEGRATION_NOT_CONNECTED_MESSAGE = 'Integração não conectada';
export const DELETE_CONFIRMATION_MISMATCH_MESSAGE = `Digite ${DELETE_WORKSPACE_CONFIRMATION} para confirmar a exclusão`;

const isoWithOffset = z.iso.datetime({ offset: true });

function requireActive(state: WorkspaceState): WorkspaceFields {
  if (state.status !== 'active') throw new DomainError('WORKSPACE_NOT_FOUND', WORKSPACE_NOT_FOUND_MESSAGE);
  return state.workspace;
}

function requireName(name: string): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (!trimmed) throw new DomainError('WORKSPACE_NAME_REQUIRED', 'Nome da empresa é obrigatório');
  if (trimmed.length > WORKSPACE_NAME_MAX_LENGTH) {
    throw new DomainError(
      'WORKSPACE_NAME_TOO_LONG',
      `Nome da empresa deve ter no máximo ${WORKSPACE_NAME_MAX_LENGTH} caracteres`,
    );
  }
  return trimmed;
}

function normaliseTrialStart(value: string): string {
  const time = isoWithOffset.safeParse(value).success ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw new DomainError('TRIAL_START_INVALID', 'Data de início do teste inválida');
  return new Date(time).toISOString();
}

function requireTrialDays(value: number | undefined): number {
  const days = value ?? DEFAULT_TRIAL_DAYS;
  if (!Number.isInteger(days) || days <= 0) {
    throw new DomainError('TRIAL_DAYS_INVALID', 'Dias de teste devem ser um número inteiro positivo');
  }
  return days;
}

function requirePlan(value: unknown): PlanName {
  if (!isPlanName(value)) {
    throw new DomainError('PLAN_INVALID', 'Plano inválido (use starter, professional ou enterprise)');
  }
  return value;
}

/** The billing part of a workspace's state, for the plan rules (plan.ts). */
export function workspacePlanOf(workspace: WorkspaceFields): WorkspacePlan {
  return { plan: workspace.plan, trialStartedAt: workspace.trialStartedAt, trialDays: workspace.trialDays };
}

function requireIntegrationType(value: string): IntegrationType {
  if (!isIntegrationType(value))
    throw new DomainError('INTEGRATION_TYPE_UNKNOWN', 'Tipo de integração desconhecido');
  return value;
}

/** Keeps the type's labels in display order, trimmed; blank values are left out. */
function normaliseConfig(type: IntegrationType, config: unknown): Record<string, string> {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new DomainError('INTEGRATION_CONFIG_INVALID', 'Configuração inválida');
  }
  const labels: readonly string[] = integrationConfigFields[type];
  const given = config as Record<string, unknown>;
  for (const label of Object.keys(given)) {
    if (!labels.includes(label)) {
      throw new DomainError('INTEGRATION_FIELD_UNKNOWN', `Campo de configuração desconhecido: ${label}`);
    }
  }
  const result: Record<string, string> = {};
  for (const label of labels) {
    if (!Object.hasOwn(given, label) || given[label] === undefined || given[label] === null) continue;
    const raw = given[label];
    if (typeof raw !== 'string')
      throw new DomainError('INTEGRATION_FIELD_INVALID', `Valor inválido para ${label}`);
    const value = raw.trim();
    if (value.length > INTEGRATION_FIELD_MAX_LENGTH) {
      throw new DomainError(
        'INTEGRATION_FIELD_TOO_LONG',
        `O campo ${label} deve ter no máximo ${INTEGRATION_FIELD_MAX_LENGTH} caracteres`,
      );
    }
    if (value) result[label] = value;
  }
  return result;
}

function sameConfig(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

function settingsChanged(current: WorkspaceSettings, next: WorkspaceSettings): WorkspaceEvent[] {
  return sameWorkspaceSettings(current, next)
    ? []
    : [{ type: 'WorkspaceSettingsChanged', data: { settings: next } }];
}

function decide(command: WorkspaceCommand, state: WorkspaceState): WorkspaceEvent[] {
  switch (command.type) {
    case 'CreateWorkspace': {
      if (state.status !== 'none') throw new DomainError('WORKSPACE_EXISTS', 'Empresa já existe');
      const plan = command.data.plan == null ? null : requirePlan(command.data.plan);
      const created: WorkspaceEvent = {
        type: 'WorkspaceCreated',
        data: {
          workspaceId: command.data.workspaceId,
          name: requireName(command.data.name),
          ownerId: command.data.ownerId,
          trialStartedAt: normaliseTrialStart(command.data.trialStartedAt),
          trialDays: requireTrialDays(command.data.trialDays),
        },
      };
      return plan === null
        ? [created]
        : [created, { type: 'WorkspacePlanChanged', data: { plan, previousPlan: null } }];
    }
    case 'ChangePlan': {
      const workspace = requireActive(state);
      const plan = requirePlan(command.data.plan);
      return plan === workspace.plan
        ? []
        : [{ type: 'WorkspacePlanChanged', data: { plan, previousPlan: workspace.plan } }];
    }
    case 'ChangeWorkspaceSettings': {
      const workspace = requireActive(state);
      const patch = workspaceSettingsPatchSchema.safeParse(command.data.patch);
      if (!patch.success) throw new DomainError('SETTINGS_INVALID', SETTINGS_INVALID_MESSAGE);
      const next = workspaceSettingsSchema.safeParse(mergeWorkspaceSettings(workspace.settings, patch.data));
      if (!next.success) throw new DomainError('SETTINGS_INVALID', SETTINGS_INVALID_MESSAGE);
      return settingsChanged(workspace.settings, next.data);
    }
    case 'ReplaceWorkspaceSettings': {
      const workspace = requireActive(state);
      const next = workspaceSettingsSchema.safeParse(command.data.settings);
      if (!next.success) throw new DomainError('SETTINGS_INVALID', SETTINGS_IMPORT_ERROR_MESSAGE);
      return settingsChanged(workspace.settings, next.data);
    }
    case 'ConfigureIntegration': {
      const workspace = requireActive(state);
      const integrationType = requireIntegrationType(command.data.integrationType);
      const config = normaliseConfig(integrationType, command.data.config);
      if (integrationType === 'email') checkEmailConfig(config);
      const current = workspace.integrations[integrationType];
      return current && sameConfig(current.config, config)
        ? []
        : [{ type: 'IntegrationConfigured', data: { integrationType, config } }];
    }
    case 'ReportIntegrationHealth': {
      const workspace = requireActive(state);
      const { integrationType, server, reachable } = command.data;
      const current = workspace.integrations[integrationType];
      // Disconnected meanwhile: nothing to say it about.
      if (!current) return [];
      const error = reachable ? null : command.data.error?.trim().slice(0, 1000) || 'Servidor inacessível';
      const last = current.health?.[server];
      // Only a change is recorded (a server down is retried many times).
      if (last && last.reachable === reachable && last.error === error) return [];
      if (!last && reachable) return [];
      return [{ type: 'IntegrationHealthReported', data: { integrationType, server, reachable, error } }];
    }
    case 'DisconnectIntegration': {
      const workspace = requireActive(state);
      const integrationType = requireIntegrationType(command.data.integrationType);
      if (!workspace.integrations[integrationType]) {
        throw new DomainError('INTEGRATION_NOT_CONNECTED', INTEGRATION_NOT_CONNECTED_MESSAGE);
      }
      return [{ type: 'IntegrationDisconnected', data: { integrationType } }];
    }
    case 'DeleteWorkspaceData': {
      const workspace = requireActive(state);
      if (command.data.confirmation.trim() !== DELETE_WORKSPACE_CONFIRMATION) {
        throw new DomainError('DELETE_CONFIRMATION_MISMATCH', DELETE_CONFIRMATION_MISMATCH_MESSAGE);
      }
      const unique = (ids: readonly string[]) => [...new Set(ids)].sort();
      return [
        {
          type: 'WorkspaceDataDeleted',
          data: {
            workspaceId: workspace.workspaceId,
            deletedBy: command.data.deletedBy,
            memberIds: unique(command.data.memberIds),
            channelSessionIds: unique(command.data.channelSessionIds),
            // Only members can be kept: an account of no member here is not this deletion's business.
            keptAccountIds: unique(
              (command.data.keptAccountIds ?? []).filter((id) => command.data.memberIds.includes(id)),
            ),
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: WorkspaceState, event: WorkspaceEvent): WorkspaceState {
  switch (event.type) {
    case 'WorkspaceCreated':
      return {
        status: 'active',
        workspace: {
          ...event.data,
          plan: null,
          settings: defaultWorkspaceSettings(event.data.name),
          integrations: {},
        },
      };
    case 'WorkspacePlanChanged':
      return state.status === 'active'
        ? { status: 'active', workspace: { ...state.workspace, plan: event.data.plan } }
        : state;
    case 'WorkspaceSettingsChanged':
      return state.status === 'active'
        ? { status: 'active', workspace: { ...state.workspace, settings: event.data.settings } }
        : state;
    case 'IntegrationConfigured':
      return state.status === 'active'
        ? {
            status: 'active',
            workspace: {
              ...state.workspace,
              integrations: {
                ...state.workspace.integrations,
                [event.data.integrationType]: { status: 'connected', config: { ...event.data.config } },
              },
            },
          }
        : state;
    case 'IntegrationHealthReported': {
      if (state.status !== 'active') return state;
      const current = state.workspace.integrations[event.data.integrationType];
      if (!current) return state;
      const { server, reachable, error } = event.data;
      const integrations = {
        ...state.workspace.integrations,
        [event.data.integrationType]: {
          ...current,
          health: { ...current.health, [server]: { reachable, error } },
        },
      };
      return { status: 'active', workspace: { ...state.workspace, integrations } };
    }
    case 'IntegrationDisconnected': {
      if (state.status !== 'active') return state;
      const integrations = { ...state.workspace.integrations };
      delete integrations[event.data.integrationType];
      return { status: 'active', workspace: { ...state.workspace, integrations } };
    }
    case 'WorkspaceDataDeleted':
      return { status: 'deleted', workspaceId: event.data.workspaceId };
    default:
      return assertNever(event);
  }
}

export const workspaceDecider: Decider<WorkspaceCommand, WorkspaceEvent, WorkspaceState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
