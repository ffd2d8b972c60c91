import type {
  AccountClosedAnswer,
  AccountExport,
  SettingsAnswer,
  SettingsSavedAnswer,
} from '@atende/api-contract';
import { apiRequest } from '../../api/client';
import type { WorkspaceSettings } from './settings-model';

// The answers are the contract shared with the gateway (types only: no zod in the bundle).
export type { SettingsAnswer, SettingsSavedAnswer };

/** GET /api/settings: the workspace's settings (any member). */
export const fetchSettings = () => apiRequest<SettingsAnswer>('/api/settings');

/** Salvar: PUT /api/settings with every field (settings:manage). */
export const saveSettings = (settings: WorkspaceSettings) =>
  apiRequest<SettingsSavedAnswer>('/api/settings', { method: 'PUT', body: settings });

/** Importar: POST /api/settings/import, replacing every setting (settings:manage). */
export const importSettings = (settings: WorkspaceSettings) =>
  apiRequest<SettingsSavedAnswer>('/api/settings/import', { method: 'POST', body: { settings } });

/** Exportar: GET /api/settings/export, the settings object itself. */
export const fetchSettingsExport = () => apiRequest<WorkspaceSettings>('/api/settings/export');

/** The Owner's full export of the workspace's data (GET /api/account/export). */
export const fetchAccountExport = () =>
  apiRequest<AccountExport>('/api/account/export', { timeoutMs: 120_000 });

/** 'Excluir todos os dados da conta' (Owner). */
export const deleteAccountData = (confirmation: string) =>
  apiRequest<AccountClosedAnswer>('/api/account/delete-data', {
    method: 'POST',
    body: { confirmation },
  });

/** 'Desativar conta permanentemente': the signed-in user's own account. */
export const deactivateAccount = (confirmation: string) =>
  apiRequest<AccountClosedAnswer>('/api/account/deactivate', {
    method: 'POST',
    body: { confirmation },
  });
