import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { themeActions } from '../theme/themeSlice';
import {
  useGetSettingsQuery,
  useImportSettingsMutation,
  useSaveSettingsMutation,
} from './settings-endpoints';
import { fromForm, parseSettingsFile, type WorkspaceSettings } from './settings-model';
import { settingsActions } from './settingsSlice';
import { SETTINGS_TEXTS } from './texts';

/** The failure's own text (the server's, or 'Erro de conexão'), `fallback` for anything else. */
const messageOf = (reason: unknown, fallback: string): string => {
  const message =
    typeof reason === 'object' && reason !== null ? (reason as { message?: unknown }).message : null;
  return typeof message === 'string' && message ? message : fallback;
};

/** How long 'Salvo!' stays (spec §9). */
export const SAVED_NOTICE_MS = 2000;

/**
 * Configurações' server state: the settings (GET /api/settings, asked each time the page opens; each
 * answer resets the form to what the server holds), Salvar and Importar (whose answers become the
 * cached settings). The form, its errors and notices stay in the settings slice.
 */
export function useSettingsCommands() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const query = useGetSettingsQuery(undefined);
  const [saveSettings] = useSaveSettingsMutation();
  const [importSettings] = useImportSettingsMutation();
  const timers = useRef<{ saved?: ReturnType<typeof setTimeout>; imported?: ReturnType<typeof setTimeout> }>(
    {},
  );

  useEffect(() => {
    dispatch(settingsActions.pageOpened());
  }, [dispatch]);
  const { data, fulfilledTimeStamp, error, isFetching } = query;
  useEffect(() => {
    if (data && fulfilledTimeStamp) dispatch(settingsActions.loaded(data));
    // Each answer (its time stamp, not each render): the form shows what the server holds again.
  }, [dispatch, fulfilledTimeStamp]);
  useEffect(() => {
    if (error && !isFetching)
      dispatch(settingsActions.loadFailed(messageOf(error, SETTINGS_TEXTS.loadError)));
  }, [dispatch, error, isFetching]);
  useEffect(() => {
    const current = timers.current;
    return () => {
      clearTimeout(current.saved);
      clearTimeout(current.imported);
    };
  }, []);

  /** Appearance's light/dark also switches the app's theme (auto leaves it as it is). */
  const followTheme = (settings: WorkspaceSettings) => {
    const wanted = settings.appearance.theme;
    if (wanted !== 'auto' && store.getState().theme.theme !== wanted)
      dispatch(themeActions.themeChosen(wanted));
  };

  /** Salvar: checks the form, saves it, shows 'Salvo!' for 2 s (a new save restarts the 2 s). */
  const save = async () => {
    dispatch(settingsActions.saveRequested());
    const parsed = fromForm(store.getState().settings.form);
    if (!parsed.ok) {
      dispatch(settingsActions.saveInvalid({ errors: parsed.errors, message: SETTINGS_TEXTS.fixFields }));
      return;
    }
    clearTimeout(timers.current.saved);
    let saved: WorkspaceSettings;
    try {
      saved = await saveSettings(parsed.settings).unwrap();
    } catch (reason) {
      dispatch(settingsActions.saveFailed(messageOf(reason, 'Erro ao salvar')));
      return;
    }
    dispatch(settingsActions.saveSucceeded(saved));
    followTheme(saved);
    timers.current.saved = setTimeout(() => dispatch(settingsActions.savedNoticeExpired()), SAVED_NOTICE_MS);
  };

  /** Importar: the file must be settings JSON (spec §5, §8); the server replaces every setting. */
  const importFile = async (text: string) => {
    dispatch(settingsActions.importRequested(text));
    const settings = parseSettingsFile(text);
    if (!settings) {
      dispatch(settingsActions.importFailed(SETTINGS_TEXTS.importError));
      return;
    }
    clearTimeout(timers.current.imported);
    let imported: WorkspaceSettings;
    try {
      imported = await importSettings(settings).unwrap();
    } catch (reason) {
      // The server's own text when it refuses (403, 400 with the spec's import text, …).
      dispatch(settingsActions.importFailed(messageOf(reason, SETTINGS_TEXTS.importError)));
      return;
    }
    dispatch(settingsActions.importSucceeded(imported));
    followTheme(imported);
    timers.current.imported = setTimeout(
      () => dispatch(settingsActions.importNoticeExpired()),
      SAVED_NOTICE_MS,
    );
  };

  /** 'Tentar novamente' after a failed load. */
  const reload = () => {
    dispatch(settingsActions.pageOpened());
    void query.refetch();
  };

  return { save, importFile, reload };
}
