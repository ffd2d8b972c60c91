import type { SettingsAnswer, SettingsSavedAnswer } from '@atende/api-contract';
import { api } from '../../server-state/api';
import type { WorkspaceSettings } from './settings-model';

type Dispatch = (action: unknown) => unknown;

/** What the server holds after a save or an import: the cached settings take its answer (no second GET). */
async function keepSaved(dispatch: Dispatch, saved: Promise<{ data: WorkspaceSettings }>) {
  try {
    const { data } = await saved;
    dispatch(settingsApi.util.updateQueryData('getSettings', undefined, () => data));
  } catch {
    // refused: the form shows why
  }
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/settings: the workspace's settings (any member), asked each time Configurações opens. */
    getSettings: build.query<WorkspaceSettings, undefined>({
      query: () => '/api/settings',
      transformResponse: (answer: SettingsAnswer) => answer.settings,
    }),
    /** Salvar: PUT /api/settings with every field (settings:manage). */
    saveSettings: build.mutation<WorkspaceSettings, WorkspaceSettings>({
      query: (settings) => ({ path: '/api/settings', method: 'PUT', body: settings }),
      transformResponse: (answer: SettingsSavedAnswer) => answer.settings,
      onQueryStarted: (_settings, { dispatch, queryFulfilled }) => keepSaved(dispatch, queryFulfilled),
    }),
    /** Importar: POST /api/settings/import, replacing every setting (settings:manage). */
    importSettings: build.mutation<WorkspaceSettings, WorkspaceSettings>({
      query: (settings) => ({ path: '/api/settings/import', method: 'POST', body: { settings } }),
      transformResponse: (answer: SettingsSavedAnswer) => answer.settings,
      onQueryStarted: (_settings, { dispatch, queryFulfilled }) => keepSaved(dispatch, queryFulfilled),
    }),
  }),
});

export const { useGetSettingsQuery, useSaveSettingsMutation, useImportSettingsMutation } = settingsApi;
