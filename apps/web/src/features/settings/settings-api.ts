import type { AccountClosedAnswer, AccountExport } from '@atende/api-contract';
import { apiRequest } from '../../api/client';
import type { WorkspaceSettings } from './settings-model';

// The answers are the contract shared with the gateway (types only: no zod in the bundle).

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
