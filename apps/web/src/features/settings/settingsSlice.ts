import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  defaultSettings,
  toForm,
  type FieldErrors,
  type SettingsForm,
  type WorkspaceSettings,
} from './settings-model';

/** The spec's four sections, which every member sees. */
export const SETTINGS_TABS = ['company', 'appearance', 'notifications', 'security'] as const;
/** Respostas prontas: after the four, only for who may manage the settings. */
export const CANNED_REPLIES_TAB = 'cannedReplies';
export type SettingsTab = (typeof SETTINGS_TABS)[number] | typeof CANNED_REPLIES_TAB;

/** The tabs a member sees: the four, plus Respostas prontas for who manages the settings. */
export function settingsTabsFor(canManage: boolean): readonly SettingsTab[] {
  return canManage ? [...SETTINGS_TABS, CANNED_REPLIES_TAB] : SETTINGS_TABS;
}
export type DangerAction = 'delete' | 'deactivate';

/** One field of the form: its section, its name and the value typed or picked. */
export type FieldChange = {
  [S in keyof SettingsForm]: {
    [F in keyof SettingsForm[S]]: { section: S; field: F; value: SettingsForm[S][F] };
  }[keyof SettingsForm[S]];
}[keyof SettingsForm];

export interface SettingsState {
  /** Where loading the settings stands (any member may read them). */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  loadError: string | null;
  /** What the server holds (after the last load, save or import). */
  saved: WorkspaceSettings | null;
  form: SettingsForm;
  fieldErrors: FieldErrors;
  tab: SettingsTab;
  saving: boolean;
  /** 'Salvo!' is shown (2 s after a save). */
  savedNotice: boolean;
  saveError: string | null;
  importing: boolean;
  importNotice: boolean;
  importError: string | null;
  exporting: boolean;
  exportError: string | null;
  danger: { open: DangerAction | null; pending: boolean; error: string | null };
}

const initialState: SettingsState = {
  status: 'idle',
  loadError: null,
  saved: null,
  form: toForm(defaultSettings()),
  fieldErrors: {},
  tab: 'company',
  saving: false,
  savedNotice: false,
  saveError: null,
  importing: false,
  importNotice: false,
  importError: null,
  exporting: false,
  exportError: null,
  danger: { open: null, pending: false, error: null },
};

function showSettings(state: SettingsState, settings: WorkspaceSettings) {
  state.saved = settings;
  state.form = toForm(settings);
  state.fieldErrors = {};
}

const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    /** The screen opened: load the workspace's settings. */
    pageOpened(state) {
      if (state.status !== 'ready') state.status = 'loading';
      state.loadError = null;
    },
    loaded(state, action: PayloadAction<WorkspaceSettings>) {
      state.status = 'ready';
      showSettings(state, action.payload);
    },
    loadFailed(state, action: PayloadAction<string>) {
      if (state.status !== 'ready') state.status = 'failed';
      state.loadError = action.payload;
    },
    tabSelected(state, action: PayloadAction<SettingsTab>) {
      state.tab = action.payload;
    },
    fieldChanged(state, action: PayloadAction<FieldChange>) {
      const { section, field, value } = action.payload;
      (state.form[section] as Record<string, unknown>)[field] = value;
      if (section === 'security' && (field === 'sessionTimeout' || field === 'passwordExpiry')) {
        delete state.fieldErrors[field];
      }
      state.saveError = null;
    },
    saveRequested(state) {
      state.saving = true;
      state.savedNotice = false;
      state.saveError = null;
    },
    saveInvalid(state, action: PayloadAction<{ errors: FieldErrors; message: string }>) {
      state.saving = false;
      state.fieldErrors = action.payload.errors;
      state.saveError = action.payload.message;
      if (Object.keys(action.payload.errors).length > 0) state.tab = 'security';
    },
    saveSucceeded(state, action: PayloadAction<WorkspaceSettings>) {
      state.saving = false;
      state.savedNotice = true;
      showSettings(state, action.payload);
    },
    saveFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.saveError = action.payload;
    },
    /** 'Salvo!' shows for 2 s (spec §9). */
    savedNoticeExpired(state) {
      state.savedNotice = false;
    },
    /** The text of the .json file picked with Importar. */
    importRequested(state, _action: PayloadAction<string>) {
      state.importing = true;
      state.importError = null;
      state.importNotice = false;
    },
    importSucceeded(state, action: PayloadAction<WorkspaceSettings>) {
      state.importing = false;
      state.importNotice = true;
      showSettings(state, action.payload);
    },
    importFailed(state, action: PayloadAction<string>) {
      state.importing = false;
      state.importError = action.payload;
    },
    importNoticeExpired(state) {
      state.importNotice = false;
    },
    exportRequested(state) {
      state.exporting = true;
      state.exportError = null;
    },
    exportFinished(state, action: PayloadAction<string | null>) {
      state.exporting = false;
      state.exportError = action.payload;
    },
    dangerOpened(state, action: PayloadAction<DangerAction>) {
      state.danger = { open: action.payload, pending: false, error: null };
    },
    dangerClosed(state) {
      if (!state.danger.pending) state.danger = { open: null, pending: false, error: null };
    },
    /** The word was typed and confirmed. */
    dangerConfirmed(state, _action: PayloadAction<{ action: DangerAction; confirmation: string }>) {
      state.danger.pending = true;
      state.danger.error = null;
    },
    dangerFailed(state, action: PayloadAction<string>) {
      state.danger.pending = false;
      state.danger.error = action.payload;
    },
    /** Done: the browser signs out next. */
    dangerSucceeded(state) {
      state.danger = { open: null, pending: false, error: null };
    },
  },
});

export const settingsActions = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
export const selectSettings = (state: { settings: SettingsState }): SettingsState => state.settings;
