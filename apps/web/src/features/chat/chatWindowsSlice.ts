import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { windowIdFor, type ChatWindowState, type PersistedWindow } from './chatWindow';
import { restoreWindows } from './restoreWindows';
import { fitWindow, freeBarPosition, setPoint, setSize } from './windowFit';
import {
  clampPosition,
  clampSize,
  currentViewport,
  MINIMIZED_SIZE,
  PANEL_BESIDE_MIN_WIDTH,
  type Point,
  type Size,
  type Viewport,
} from './windowGeometry';
import { newWindowBounds } from './windowPlacement';

export { windowIdFor, type ChatWindowState, type PersistedWindow } from './chatWindow';

/** A side-panel command (Transferir, Avaliação, Arquivar) of one conversation. */
export type ConversationCommandKind = 'transfer' | 'rate' | 'archive';
export interface PanelState {
  pending: ConversationCommandKind | null;
  notice: { kind: 'success' | 'error'; text: string } | null;
}

export interface ChatWindowsState {
  windows: ChatWindowState[];
  topZ: number;
  /** The user whose saved windows are loaded (and are saved back); null before the session is known. */
  ownerId: string | null;
  /** Side-panel command state by conversation id. */
  panels: Record<string, PanelState>;
}

export const initialChatWindowsState: ChatWindowsState = {
  windows: [],
  topZ: 0,
  ownerId: null,
  panels: {},
};

/**
 * A window that can show its side panel beside the messages opens with it shown: one opened beside
 * the conversation list on a 1280 px screen (650 wide) keeps Ações and Contato in view.
 */
const DETAILS_OPEN_MIN_WIDTH = PANEL_BESIDE_MIN_WIDTH;

type WithViewport<T> = T & { viewport: Viewport };
/** Action creators take an optional viewport; the current browser one is used when it is left out. */
const withViewport = <T extends object>(payload: T & { viewport?: Viewport }) => ({
  payload: { ...payload, viewport: payload.viewport ?? currentViewport() } as WithViewport<T>,
});

const findWindow = (state: ChatWindowsState, id: string) => state.windows.find((w) => w.id === id);

function bringToFront(state: ChatWindowsState, window: ChatWindowState) {
  if (window.z === state.topZ && state.windows.filter((w) => w.z === state.topZ).length === 1) return;
  state.topZ += 1;
  window.z = state.topZ;
}

function forgetConversation(state: ChatWindowsState, conversationId: string) {
  delete state.panels[conversationId];
}

function panelOf(state: ChatWindowsState, conversationId: string): PanelState {
  return (state.panels[conversationId] ??= { pending: null, notice: null });
}

const chatWindowsSlice = createSlice({
  name: 'chatWindows',
  initialState: initialChatWindowsState,
  reducers: {
    /**
     * Open the conversation's window, or bring the open one to the front (spec §4): a new window
     * opens beside the conversation list (`listRight`: its right edge on screen) when there is room,
     * else 1000×600 (or the viewport) centred, a little lower and to the right for each further
     * window (see newWindowBounds); an open one comes to the front and is restored if it was minimized.
     */
    chatWindowOpened: {
      reducer(state, action: PayloadAction<WithViewport<{ conversationId: string; listRight?: number }>>) {
        const { conversationId, listRight, viewport } = action.payload;
        const open = state.windows.find((w) => w.conversationId === conversationId);
        if (open) {
          if (open.isMinimized) {
            open.isMinimized = false;
            open.barPosition = null;
          }
          bringToFront(state, open);
          return;
        }
        const { position, size } = newWindowBounds(viewport, state.windows.length, listRight);
        state.topZ += 1;
        state.windows.push({
          id: windowIdFor(conversationId),
          conversationId,
          isMinimized: false,
          isMaximized: false,
          position,
          size,
          z: state.topZ,
          barPosition: null,
          showDetails: size.width >= DETAILS_OPEN_MIN_WIDTH,
          draft: '',
        });
      },
      prepare: (payload: { conversationId: string; listRight?: number; viewport?: Viewport }) =>
        withViewport(payload),
    },
    /** Bring a window to the front (a click or focus anywhere in it). */
    chatWindowFocused(state, action: PayloadAction<{ id: string }>) {
      const window = findWindow(state, action.payload.id);
      if (window) bringToFront(state, window);
    },
    /** Drag stopped: the window (or, while minimized, its bar) moves, kept inside the viewport. */
    chatWindowMoved: {
      reducer(state, action: PayloadAction<WithViewport<{ id: string; position: Point }>>) {
        const { id, position, viewport } = action.payload;
        const window = findWindow(state, id);
        if (!window || window.isMaximized) return;
        if (window.isMinimized) {
          const next = clampPosition(position, MINIMIZED_SIZE, viewport);
          if (window.barPosition) setPoint(window.barPosition, next);
          else window.barPosition = next;
          return;
        }
        setPoint(window.position, clampPosition(position, window.size, viewport));
      },
      prepare: (payload: { id: string; position: Point; viewport?: Viewport }) => withViewport(payload),
    },
    /**
     * Resize stopped (corner handles): at least 300×400, inside the viewport. A top or left corner
     * moves the window too, hence the optional position. Made narrower than 640 px, the side panel closes.
     */
    chatWindowResized: {
      reducer(state, action: PayloadAction<WithViewport<{ id: string; size: Size; position?: Point }>>) {
        const { id, size, position, viewport } = action.payload;
        const window = findWindow(state, id);
        if (!window || window.isMaximized || window.isMinimized) return;
        const wasWide = window.size.width >= PANEL_BESIDE_MIN_WIDTH;
        setSize(window.size, clampSize(size, viewport));
        setPoint(window.position, clampPosition(position ?? window.position, window.size, viewport));
        // Made narrow: the side panel would cover the messages, so it closes (the toggle opens it again).
        if (wasWide && window.size.width < PANEL_BESIDE_MIN_WIDTH) window.showDetails = false;
      },
      prepare: (payload: { id: string; size: Size; position?: Point; viewport?: Viewport }) =>
        withViewport(payload),
    },
    /** Minimize to a 240×64 bar at the bottom (from normal or maximized; clears maximized). */
    chatWindowMinimized: {
      reducer(state, action: PayloadAction<WithViewport<{ id: string }>>) {
        const window = findWindow(state, action.payload.id);
        if (!window || window.isMinimized) return;
        window.isMinimized = true;
        window.isMaximized = false;
        window.barPosition = freeBarPosition(state.windows, window, action.payload.viewport);
      },
      prepare: (payload: { id: string; viewport?: Viewport }) => withViewport(payload),
    },
    /** Maximize to the whole viewport, or back to the previous position and size (clears minimized). */
    chatWindowMaximizeToggled(state, action: PayloadAction<{ id: string }>) {
      const window = findWindow(state, action.payload.id);
      if (!window) return;
      if (window.isMinimized) {
        window.isMinimized = false;
        window.barPosition = null;
        window.isMaximized = true;
      } else {
        window.isMaximized = !window.isMaximized;
      }
      bringToFront(state, window);
    },
    /** A click (not a drag) on the minimized bar: back to the window it was, in front. */
    chatWindowRestored(state, action: PayloadAction<{ id: string }>) {
      const window = findWindow(state, action.payload.id);
      if (!window) return;
      window.isMinimized = false;
      window.barPosition = null;
      bringToFront(state, window);
    },
    /** Close the window (its panel state goes with it; the chat saga lets its suggestions go). */
    chatWindowClosed(state, action: PayloadAction<{ id: string }>) {
      const window = findWindow(state, action.payload.id);
      if (!window) return;
      state.windows = state.windows.filter((w) => w !== window);
      forgetConversation(state, window.conversationId);
    },
    /** Show or hide the side panel ('Mostrar detalhes' / 'Ocultar detalhes'). */
    chatWindowDetailsToggled(state, action: PayloadAction<{ id: string }>) {
      const window = findWindow(state, action.payload.id);
      if (window) window.showDetails = !window.showDetails;
    },
    chatWindowDraftChanged(state, action: PayloadAction<{ id: string; draft: string }>) {
      const window = findWindow(state, action.payload.id);
      if (window) window.draft = action.payload.draft;
    },
    /** The browser window was resized: every window and bar stays inside it. */
    chatWindowsViewportChanged: {
      reducer(state, action: PayloadAction<WithViewport<object>>) {
        for (const window of state.windows) fitWindow(window, action.payload.viewport);
      },
      prepare: (payload: { viewport?: Viewport } = {}) => withViewport(payload),
    },
    /**
     * The signed-in user's saved windows (localStorage): they replace the current ones, fitted to
     * this viewport, in their saved stacking order; a window already open for another conversation stays.
     */
    chatWindowsRestored: {
      reducer(
        state,
        action: PayloadAction<WithViewport<{ ownerId: string; windows: readonly PersistedWindow[] }>>,
      ) {
        const { ownerId, windows, viewport } = action.payload;
        state.windows = restoreWindows(state.windows, windows, viewport);
        state.topZ = state.windows.length;
        state.ownerId = ownerId;
      },
      prepare: (payload: { ownerId: string; windows: readonly PersistedWindow[]; viewport?: Viewport }) =>
        withViewport(payload),
    },
    /** Signed out (or no session): no windows on screen; the saved ones stay saved for next time. */
    chatWindowsCleared() {
      return initialChatWindowsState;
    },

    /* Side-panel commands ('Ações'): their state on screen (the calls: useConversationCommands). */

    /** Transfer to a member (assign when the conversation has no assignee yet). */
    conversationTransferRequested(
      state,
      action: PayloadAction<{ conversationId: string; assigneeId: string }>,
    ) {
      const panel = panelOf(state, action.payload.conversationId);
      panel.pending = 'transfer';
      panel.notice = null;
    },
    /** Rate the conversation 1–5. */
    conversationRatingRequested(state, action: PayloadAction<{ conversationId: string; rating: number }>) {
      const panel = panelOf(state, action.payload.conversationId);
      panel.pending = 'rate';
      panel.notice = null;
    },
    /** Archive the conversation; its window closes when the server agreed. */
    conversationArchiveRequested(state, action: PayloadAction<{ conversationId: string }>) {
      const panel = panelOf(state, action.payload.conversationId);
      panel.pending = 'archive';
      panel.notice = null;
    },
    conversationCommandSucceeded(state, action: PayloadAction<{ conversationId: string; message: string }>) {
      const panel = state.panels[action.payload.conversationId];
      if (!panel) return;
      panel.pending = null;
      panel.notice = { kind: 'success', text: action.payload.message };
    },
    conversationCommandFailed(state, action: PayloadAction<{ conversationId: string; error: string }>) {
      const panel = state.panels[action.payload.conversationId];
      if (!panel) return;
      panel.pending = null;
      panel.notice = { kind: 'error', text: action.payload.error };
    },
  },
});

export const chatWindowsActions = chatWindowsSlice.actions;
export const chatWindowsReducer = chatWindowsSlice.reducer;
