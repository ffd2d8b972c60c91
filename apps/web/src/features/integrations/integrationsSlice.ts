import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/authSlice';
import type { CardStatus, IntegrationType } from './catalog';
import { WHATSAPP_TEXTS } from './whatsapp-texts';
import type { IntegrationCard, WhatsAppSession } from './integrations-api';

/** The one dialog of the screen that is open, if any. */
export type IntegrationsDialog =
  | { kind: 'add' }
  | { kind: 'configure'; type: IntegrationType }
  | { kind: 'disconnect'; type: IntegrationType }
  | { kind: 'instagram' }
  | { kind: 'whatsapp' };

/** The WhatsApp connection of the signed-in user (spec §4's QR flow). */
export interface WhatsAppState {
  /** The saved session (wa:sessionId), once connected or restored. */
  sessionId: string | null;
  /** wa:connected. */
  connected: boolean;
  /** True once the stored values were read on this page load. */
  restored: boolean;
  /** The session whose QR is (or was last) shown, not connected yet. */
  pendingSessionId: string | null;
  qrCode: string | null;
  /** The status line: 'Escaneie…', 'Aguardando…', 'WhatsApp conectado com sucesso.' */
  message: string | null;
  error: string | null;
  /** A QR is being generated (requests and retries in flight): 'Gerando...'. */
  busy: boolean;
  /** Automatic retries used since the last QR (at most 10). */
  retries: number;
  /** The user's sessions (also stored per user). */
  sessions: WhatsAppSession[];
}

/** The screen's state (the cards themselves are server state: integrations-endpoints.ts). */
export interface IntegrationsState {
  /** Cards with a call in flight. */
  busy: Partial<Record<IntegrationType, 'saving' | 'disconnecting'>>;
  /** Cards whose last call failed (shown as 'Erro' until the next success). */
  failed: Partial<Record<IntegrationType, string>>;
  dialog: IntegrationsDialog | null;
  /** The error shown in the open dialog. */
  dialogError: string | null;
  /** The last success message ('Configuração salva com sucesso!', 'Integração desconectada'). */
  notice: string | null;
  whatsapp: WhatsAppState;
}

const initialWhatsApp: WhatsAppState = {
  sessionId: null,
  connected: false,
  restored: false,
  pendingSessionId: null,
  qrCode: null,
  message: null,
  error: null,
  busy: false,
  retries: 0,
  sessions: [],
};

const initialState: IntegrationsState = {
  busy: {},
  failed: {},
  dialog: null,
  dialogError: null,
  notice: null,
  whatsapp: initialWhatsApp,
};

/** A save or disconnect the server accepted (its card is in the cache): the dialog closed. */
function cardChanged(state: IntegrationsState, type: IntegrationType, message: string) {
  delete state.busy[type];
  delete state.failed[type];
  state.notice = message;
  state.dialog = null;
  state.dialogError = null;
}

/** A save or disconnect the server refused: its error on the card and in the open dialog. */
function cardChangeFailed(state: IntegrationsState, type: IntegrationType, error: string) {
  delete state.busy[type];
  state.failed[type] = error;
  state.dialogError = error;
}

/** Clears what only lives while the 'Conectar WhatsApp' dialog is open. */
function clearWhatsAppFlow(wa: WhatsAppState) {
  wa.qrCode = null;
  wa.message = null;
  wa.error = null;
  wa.busy = false;
  wa.retries = 0;
}

const integrationsSlice = createSlice({
  name: 'integrations',
  initialState,
  reducers: {
    dialogOpened(state, action: PayloadAction<IntegrationsDialog>) {
      state.dialog = action.payload;
      state.dialogError = null;
      state.notice = null;
      if (action.payload.kind === 'whatsapp') clearWhatsAppFlow(state.whatsapp);
    },
    dialogClosed(state) {
      if (state.dialog?.kind === 'whatsapp') clearWhatsAppFlow(state.whatsapp);
      state.dialog = null;
      state.dialogError = null;
    },
    noticeDismissed(state) {
      state.notice = null;
    },

    saveRequested(state, action: PayloadAction<{ type: IntegrationType; config: Record<string, string> }>) {
      state.busy[action.payload.type] = 'saving';
      state.dialogError = null;
    },
    saveSucceeded(state, action: PayloadAction<{ type: IntegrationType; message: string }>) {
      cardChanged(state, action.payload.type, action.payload.message);
    },
    saveFailed(state, action: PayloadAction<{ type: IntegrationType; error: string }>) {
      cardChangeFailed(state, action.payload.type, action.payload.error);
    },
    disconnectRequested(state, action: PayloadAction<{ type: IntegrationType }>) {
      state.busy[action.payload.type] = 'disconnecting';
      state.dialogError = null;
    },
    disconnectSucceeded(state, action: PayloadAction<{ type: IntegrationType; message: string }>) {
      cardChanged(state, action.payload.type, action.payload.message);
    },
    disconnectFailed(state, action: PayloadAction<{ type: IntegrationType; error: string }>) {
      cardChangeFailed(state, action.payload.type, action.payload.error);
    },

    /** The page opened: restore the stored WhatsApp state, then check it against the server. */
    whatsappRestoreRequested() {},
    whatsappRestored(
      state,
      action: PayloadAction<{ sessionId: string | null; connected: boolean; sessions: WhatsAppSession[] }>,
    ) {
      const wa = state.whatsapp;
      wa.sessionId = action.payload.sessionId;
      wa.connected = action.payload.connected;
      wa.sessions = action.payload.sessions;
      wa.restored = true;
    },
    whatsappSessionsLoaded(state, action: PayloadAction<WhatsAppSession[]>) {
      state.whatsapp.sessions = action.payload;
    },
    /** The stored session is not one of this user's: forget it. */
    whatsappForgotten(state) {
      state.whatsapp.sessionId = null;
      state.whatsapp.connected = false;
    },
    /** The status of the saved session as the server reported it (modal open, load). */
    whatsappStatusFetched(state, action: PayloadAction<{ sessionId: string; connected: boolean }>) {
      state.whatsapp.sessionId = action.payload.sessionId;
      state.whatsapp.connected = action.payload.connected;
    },
    /** 'Gerar QR Code' with the typed number and support name. */
    whatsappConnectRequested(state, _action: PayloadAction<{ phoneNumber: string; name: string }>) {
      const wa = state.whatsapp;
      wa.busy = true;
      wa.error = null;
      wa.message = null;
      wa.qrCode = null;
      wa.retries = 0;
    },
    /** Neither connected nor a QR yet: trying again in 2 s. */
    whatsappWaiting(state, action: PayloadAction<{ retries: number; sessionId: string | null }>) {
      const wa = state.whatsapp;
      wa.retries = action.payload.retries;
      wa.message = WHATSAPP_TEXTS.waitingQr;
      if (action.payload.sessionId) wa.pendingSessionId = action.payload.sessionId;
    },
    whatsappQrShown(state, action: PayloadAction<{ sessionId: string; qrCode: string }>) {
      const wa = state.whatsapp;
      wa.pendingSessionId = action.payload.sessionId;
      wa.qrCode = action.payload.qrCode;
      wa.message = WHATSAPP_TEXTS.scanQr;
      wa.error = null;
      wa.busy = false;
      wa.retries = 0;
    },
    whatsappConnected(state, action: PayloadAction<{ sessionId: string }>) {
      const wa = state.whatsapp;
      wa.sessionId = action.payload.sessionId;
      wa.connected = true;
      if (wa.pendingSessionId === action.payload.sessionId) wa.pendingSessionId = null;
      wa.qrCode = null;
      wa.busy = false;
      wa.retries = 0;
      wa.error = null;
      wa.message = WHATSAPP_TEXTS.connected;
    },
    whatsappDisconnected(state, action: PayloadAction<{ sessionId: string }>) {
      if (state.whatsapp.sessionId === action.payload.sessionId) state.whatsapp.connected = false;
    },
    whatsappConnectFailed(state, action: PayloadAction<string>) {
      const wa = state.whatsapp;
      wa.busy = false;
      wa.qrCode = null;
      wa.message = null;
      wa.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.loggedOut, () => initialState);
  },
});

export const integrationsActions = integrationsSlice.actions;
export const integrationsReducer = integrationsSlice.reducer;

export const selectIntegrations = (state: RootState): IntegrationsState => state.integrations;
export const selectWhatsApp = (state: RootState): WhatsAppState => state.integrations.whatsapp;

/** What a card shows: 'Conectando...' while saving, 'Erro' after a failed call, else the server's state. */
export function cardStatus(
  state: IntegrationsState,
  cards: readonly IntegrationCard[],
  type: IntegrationType,
): CardStatus {
  if (state.busy[type] === 'saving') return 'pending';
  if (state.failed[type]) return 'error';
  return cards.find((c) => c.type === type)?.status ?? 'disconnected';
}
