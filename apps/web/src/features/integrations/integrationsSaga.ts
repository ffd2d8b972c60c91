import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import {
  call,
  cancel,
  delay,
  fork,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import { isApiError } from '../../api/api-error';
import type { Me } from '../../api/types';
import { authActions } from '../auth/authSlice';
import { selectUser } from '../auth/selectors';
import { realtimeActions, type ChannelState } from '../realtime/realtimeSlice';
import { QR_MAX_RETRIES, QR_RETRY_DELAY_MS, STATUS_POLL_MS, WHATSAPP_TEXTS } from './whatsapp-texts';
import {
  connectWhatsApp,
  fetchWhatsAppSessions,
  fetchWhatsAppStatus,
  type ConnectAnswer,
  type StatusAnswer,
  type WhatsAppSession,
} from './integrations-api';
import { integrationsActions as actions, selectWhatsApp, type WhatsAppState } from './integrationsSlice';
import {
  readStoredSessions,
  readStoredWhatsApp,
  writeStoredSessions,
  writeStoredWhatsApp,
} from './whatsapp-storage';

export interface IntegrationsSagaOptions {
  /** Pause between automatic QR retries; default 2000 ms (spec §9). */
  retryDelayMs?: number;
  /** At most this many automatic retries; default 10 (spec §9). */
  maxRetries?: number;
  /** How often the status is polled while a QR is shown; default 2000 ms. */
  statusPollMs?: number;
}

const errorText = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** Spec §8: a non-JSON answer is 'HTTP {status}: …' (apiRequest's text); no answer at all is the connect fallback. */
export function connectErrorText(error: unknown): string {
  if (isApiError(error) && error.code === 'NETWORK_ERROR') return WHATSAPP_TEXTS.connectError;
  return errorText(error, WHATSAPP_TEXTS.connectError);
}

/** Spec §8: after the last retry, the server's message, else the fallback text. */
function giveUpText(answer: ConnectAnswer): string {
  const said = [answer.message].find(
    // The server's own "still waiting" line is no reason to show; the fallback says what to do.
    (text): text is string =>
      typeof text === 'string' && text.trim() !== '' && text !== WHATSAPP_TEXTS.waitingQr,
  );
  return said ?? WHATSAPP_TEXTS.qrUnavailable;
}

/** Spec §5: only the digits are sent. */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

function* currentUser(): SagaIterator<Me | null> {
  const user: Me | null = yield select(selectUser);
  return user;
}

/** The user's sessions, stored per user; failures are ignored (spec §8). */
function* refreshSessions(userId: string): SagaIterator<WhatsAppSession[] | null> {
  try {
    const sessions: WhatsAppSession[] = yield call(fetchWhatsAppSessions, userId);
    writeStoredSessions(userId, sessions);
    yield put(actions.whatsappSessionsLoaded(sessions));
    return sessions;
  } catch {
    return null;
  }
}

/** Page load: the stored session and flag first, then checked against the user's sessions on the server. */
function* restore(): SagaIterator {
  const user: Me | null = yield* currentUser();
  if (!user) return;
  const stored = readStoredWhatsApp();
  yield put(actions.whatsappRestored({ ...stored, sessions: readStoredSessions(user.id) }));
  const sessions: WhatsAppSession[] | null = yield call(refreshSessions, user.id);
  if (!sessions) return;
  const own = stored.sessionId ? sessions.find((s) => s.sessionId === stored.sessionId) : undefined;
  // In a browser other than the one that paired (or with its storage cleared), the server's sessions
  // say how WhatsApp stands: its connected one, the most recently updated first.
  const current = own ?? sessions.find((s) => s.connected === true);
  if (!current) {
    if (stored.sessionId) yield put(actions.whatsappForgotten());
  } else if (typeof current.connected === 'boolean') {
    yield put(actions.whatsappStatusFetched({ sessionId: current.sessionId, connected: current.connected }));
  }
}

/** 'Conectar WhatsApp' opened with a saved session: its status is fetched (failures ignored). */
function* refreshStatus(): SagaIterator {
  const user: Me | null = yield* currentUser();
  const wa: WhatsAppState = yield select(selectWhatsApp);
  if (!user || !wa.sessionId) return;
  try {
    const status: StatusAnswer = yield call(fetchWhatsAppStatus, wa.sessionId, user.id);
    yield put(
      actions.whatsappStatusFetched({
        sessionId: status.sessionId || wa.sessionId,
        connected: status.connected === true,
      }),
    );
  } catch {
    /* spec §8: status fetch failures are ignored */
  }
}

/** While the QR is shown: the status every 2 s; connected ends it, a new QR replaces the shown one. */
function* pollStatus(sessionId: string, userId: string, intervalMs: number): SagaIterator {
  for (;;) {
    yield delay(intervalMs);
    try {
      const status: StatusAnswer = yield call(fetchWhatsAppStatus, sessionId, userId);
      if (status.connected) {
        yield put(actions.whatsappConnected({ sessionId }));
        return;
      }
      if (status.status === 'failed') {
        yield put(actions.whatsappConnectFailed(WHATSAPP_TEXTS.qrUnavailable));
        return;
      }
      const wa: WhatsAppState = yield select(selectWhatsApp);
      if (status.qrCode && status.qrCode !== wa.qrCode) {
        yield put(actions.whatsappQrShown({ sessionId, qrCode: status.qrCode }));
      }
    } catch {
      /* a failed poll is ignored; the next one may answer */
    }
  }
}

const connectedAs = (sessionId: string) => (action: Action) =>
  actions.whatsappConnected.match(action) && action.payload.sessionId === sessionId;

/** Waits for the scan: the socket's whatsapp:connected (turned into whatsappConnected) or the status poll. */
function* watchQr(sessionId: string, userId: string, options: IntegrationsSagaOptions): SagaIterator {
  yield race({
    connected: take(connectedAs(sessionId)),
    poll: call(pollStatus, sessionId, userId, options.statusPollMs ?? STATUS_POLL_MS),
  });
}

/**
 * Spec §4's flow: connected → saved; a QR → shown (retries reset) and watched until scanned;
 * neither → asked again every 2 s, at most 10 times; errors end it with their text (§8).
 */
export function* connectFlow(
  request: { phoneNumber: string; name: string },
  options: IntegrationsSagaOptions = {},
): SagaIterator {
  const user: Me | null = yield* currentUser();
  if (!user) {
    yield put(actions.whatsappConnectFailed(WHATSAPP_TEXTS.connectError));
    return;
  }
  const body = {
    userId: user.id,
    phoneNumber: digitsOnly(request.phoneNumber),
    name: request.name.trim() || WHATSAPP_TEXTS.defaultSupportName,
  };
  const maxRetries = options.maxRetries ?? QR_MAX_RETRIES;
  for (let retries = 0; ;) {
    let answer: ConnectAnswer;
    try {
      answer = yield call(connectWhatsApp, body);
    } catch (error) {
      yield put(actions.whatsappConnectFailed(connectErrorText(error)));
      return;
    }
    const sessionId = typeof answer.sessionId === 'string' && answer.sessionId ? answer.sessionId : null;
    if (answer.connected && sessionId) {
      yield put(actions.whatsappConnected({ sessionId }));
      return;
    }
    if (answer.qrCode && sessionId) {
      yield put(actions.whatsappQrShown({ sessionId, qrCode: answer.qrCode }));
      yield call(watchQr, sessionId, user.id, options);
      return;
    }
    if (retries >= maxRetries) {
      yield put(actions.whatsappConnectFailed(giveUpText(answer)));
      return;
    }
    retries += 1;
    yield put(actions.whatsappWaiting({ retries, sessionId }));
    yield delay(options.retryDelayMs ?? QR_RETRY_DELAY_MS);
  }
}

/** One flow at a time: a new 'Gerar QR Code' restarts it; closing the dialog or signing out stops it. */
function* connectFlows(options: IntegrationsSagaOptions): SagaIterator {
  let task: Task | null = null;
  for (;;) {
    const action: Action = yield take([
      actions.whatsappConnectRequested.type,
      actions.dialogClosed.type,
      actions.dialogOpened.type,
      authActions.loggedOut.type,
    ]);
    if (task?.isRunning()) yield cancel(task);
    task = null;
    if (actions.whatsappConnectRequested.match(action)) {
      task = yield fork(connectFlow, action.payload, options);
    }
  }
}

/** The socket's whatsapp:connected / whatsapp:disconnected for this user's saved or pending session. */
function* onChannelStatus(action: PayloadAction<ChannelState>): SagaIterator {
  const { sessionId, connected } = action.payload;
  if (!sessionId) return;
  const wa: WhatsAppState = yield select(selectWhatsApp);
  if (sessionId !== wa.sessionId && sessionId !== wa.pendingSessionId) {
    // Paired in another browser while this one has none: adopted once the server lists it as this
    // user's (the socket tells every member of the workspace).
    if (!connected || wa.sessionId !== null || wa.pendingSessionId) return;
    const user: Me | null = yield* currentUser();
    const sessions: WhatsAppSession[] | null = user ? yield call(refreshSessions, user.id) : null;
    if (sessions?.some((s) => s.sessionId === sessionId)) yield put(actions.whatsappConnected({ sessionId }));
    return;
  }
  if (connected) {
    if (!(wa.connected && wa.sessionId === sessionId)) yield put(actions.whatsappConnected({ sessionId }));
  } else if (sessionId === wa.sessionId && wa.connected) {
    yield put(actions.whatsappDisconnected({ sessionId }));
  }
}

/** wa:sessionId and wa:connected follow every change; a new connection refreshes the sessions list. */
function* persist(action: Action): SagaIterator {
  const wa: WhatsAppState = yield select(selectWhatsApp);
  writeStoredWhatsApp({ sessionId: wa.sessionId, connected: wa.connected });
  if (actions.whatsappConnected.match(action)) {
    const user: Me | null = yield* currentUser();
    if (user) yield call(refreshSessions, user.id);
  }
}

function* openedDialog(action: PayloadAction<{ kind: string }>): SagaIterator {
  if (action.payload.kind === 'whatsapp') yield call(refreshStatus);
}

/**
 * The Integrações screen's WhatsApp connection (the QR flow, its session restored and followed); the
 * cards are server state (integrations-endpoints.ts).
 */
export function* integrationsSaga(options: IntegrationsSagaOptions = {}): SagaIterator {
  yield takeLatest(actions.whatsappRestoreRequested.type, restore);
  yield takeLatest(actions.dialogOpened.type, openedDialog);
  yield takeEvery(realtimeActions.channelStatusChanged.type, onChannelStatus);
  yield takeEvery(
    [
      actions.whatsappConnected.type,
      actions.whatsappDisconnected.type,
      actions.whatsappStatusFetched.type,
      actions.whatsappForgotten.type,
    ],
    persist,
  );
  yield fork(connectFlows, options);
}
