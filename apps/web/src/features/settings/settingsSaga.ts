import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLeading } from 'redux-saga/effects';
import { isApiError } from '../../api/api-error';
import { authActions } from '../auth/authSlice';
import { ACCOUNT_EXPORT_FILENAME, SETTINGS_EXPORT_FILENAME, downloadJson } from './download';
import {
  deactivateAccount,
  deleteAccountData,
  fetchAccountExport,
  fetchSettingsExport,
} from './settings-api';
import type { WorkspaceSettings } from './settings-model';
import { settingsActions, type DangerAction } from './settingsSlice';

const messageOf = (error: unknown, fallback: string): string =>
  isApiError(error) || error instanceof Error ? error.message || fallback : fallback;

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

/**
 * Exportar and the danger zone (downloads and the account's end, not cached state); loading, Salvar
 * and Importar are the server-state cache's (settings-endpoints.ts, useSettingsCommands.ts).
 */
export function* settingsSaga(): SagaIterator {
  yield takeLeading(settingsActions.exportRequested.type, exportFile);
  yield takeLeading(settingsActions.dangerConfirmed.type, confirmDanger);
}
