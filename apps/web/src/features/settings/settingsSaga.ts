import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { isApiError } from '../../api/api-error';
import { authActions } from '../auth/authSlice';
import { selectTheme, themeActions, type Theme } from '../theme/themeSlice';
import { ACCOUNT_EXPORT_FILENAME, SETTINGS_EXPORT_FILENAME, downloadJson } from './download';
import {
  deactivateAccount,
  deleteAccountData,
  fetchAccountExport,
  fetchSettings,
  fetchSettingsExport,
  importSettings,
  saveSettings,
  type SettingsAnswer,
  type SettingsSavedAnswer,
} from './settings-api';
import { fromForm, parseSettingsFile, type WorkspaceSettings } from './settings-model';
import { selectSettings, settingsActions, type DangerAction, type SettingsState } from './settingsSlice';
import { SETTINGS_TEXTS } from './texts';

/** How long 'Salvo!' stays (spec §9). */
export const SAVED_NOTICE_MS = 2000;

const messageOf = (error: unknown, fallback: string): string =>
  isApiError(error) || error instanceof Error ? error.message || fallback : fallback;

function* load(): SagaIterator {
  try {
    const answer: SettingsAnswer = yield call(fetchSettings);
    yield put(settingsActions.loaded(answer.settings));
  } catch (error) {
    yield put(settingsActions.loadFailed(messageOf(error, SETTINGS_TEXTS.loadError)));
  }
}

/** Appearance's light/dark also switches the app's theme (auto leaves it as it is). */
function* followTheme(settings: WorkspaceSettings): SagaIterator {
  const wanted = settings.appearance.theme;
  if (wanted === 'auto') return;
  const current: Theme = yield select(selectTheme);
  if (current !== wanted) yield put(themeActions.themeChosen(wanted));
}

/** Salvar: checks the form, saves it, shows 'Salvo!' for 2 s (a new save restarts the 2 s). */
function* save(): SagaIterator {
  const state: SettingsState = yield select(selectSettings);
  const parsed = fromForm(state.form);
  if (!parsed.ok) {
    yield put(settingsActions.saveInvalid({ errors: parsed.errors, message: SETTINGS_TEXTS.fixFields }));
    return;
  }
  let answer: SettingsSavedAnswer;
  try {
    answer = yield call(saveSettings, parsed.settings);
  } catch (error) {
    yield put(settingsActions.saveFailed(messageOf(error, 'Erro ao salvar')));
    return;
  }
  yield put(settingsActions.saveSucceeded(answer.settings));
  yield call(followTheme, answer.settings);
  yield delay(SAVED_NOTICE_MS);
  yield put(settingsActions.savedNoticeExpired());
}

/** Importar: the file must be settings JSON (spec §5, §8); the server replaces every setting. */
function* importFile(action: PayloadAction<string>): SagaIterator {
  const settings = parseSettingsFile(action.payload);
  if (!settings) {
    yield put(settingsActions.importFailed(SETTINGS_TEXTS.importError));
    return;
  }
  let answer: SettingsSavedAnswer;
  try {
    answer = yield call(importSettings, settings);
  } catch (error) {
    // The server's own text when it refuses (403, 400 with the spec's import text, …).
    yield put(settingsActions.importFailed(messageOf(error, SETTINGS_TEXTS.importError)));
    return;
  }
  yield put(settingsActions.importSucceeded(answer.settings));
  yield call(followTheme, answer.settings);
  yield delay(SAVED_NOTICE_MS);
  yield put(settingsActions.importNoticeExpired());
}

/** Exportar: the server's export, saved as atende-settings.json (spec §9). */
function* exportFile(): SagaIterator {
  try {
    const settings: WorkspaceSettings = yield call(fetchSettingsExport);
    yield call(downloadJson, SETTINGS_EXPORT_FILENAME, settings);
    yield put(settingsActions.exportFinished(null));
  } catch (error) {
    yield put(settingsActions.exportFinished(messageOf(error, 'Erro ao exportar')));
  }
}

/**
 * The danger zone: deleting first saves the full export (nothing is deleted if it cannot be had),
 * then deletes; deactivating deactivates. Either way the browser then signs out and goes to /.
 */
function* confirmDanger(action: PayloadAction<{ action: DangerAction; confirmation: string }>): SagaIterator {
  const { confirmation } = action.payload;
  try {
    if (action.payload.action === 'delete') {
      const data: Record<string, unknown> = yield call(fetchAccountExport);
      yield call(downloadJson, ACCOUNT_EXPORT_FILENAME, data);
      yield call(deleteAccountData, confirmation);
    } else {
      yield call(deactivateAccount, confirmation);
    }
  } catch (error) {
    yield put(settingsActions.dangerFailed(messageOf(error, 'Não foi possível concluir. Tente novamente.')));
    return;
  }
  yield put(settingsActions.dangerSucceeded());
  // The server ended the sessions: the usual sign-out forgets the user and goes to / (spec §2).
  yield put(authActions.logoutRequested());
}

export function* settingsSaga(): SagaIterator {
  yield takeLatest(settingsActions.pageOpened.type, load);
  yield takeLatest(settingsActions.saveRequested.type, save);
  yield takeLatest(settingsActions.importRequested.type, importFile);
  yield takeLeading(settingsActions.exportRequested.type, exportFile);
  yield takeLeading(settingsActions.dangerConfirmed.type, confirmDanger);
}
