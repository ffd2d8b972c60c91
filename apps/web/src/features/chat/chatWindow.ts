import type { Point } from './windowGeometry';

/** One floating chat window (spec §3): position and size in px. */
export interface ChatWindowState {
  id: string;
  conversationId: string;
  isMinimized: boolean;
  isMaximized: boolean;
  /** Where the window is when neither minimized nor maximized (kept while maximized, so "back" restores it). */
  position: { x: number; y: number };
  size: { width: number; height: number };
  /** Stacking order: the highest is in front. */
  z: number;
  /** Where the 240×64 bar is while minimized (the bar can be dragged); null when not minimized. */
  barPosition: Point | null;
  /** The collapsible side panel ('Ações', 'Contato') is shown. */
  showDetails: boolean;
  /** The text being typed in the composer. */
  draft: string;
}

/** What is kept in localStorage of one window (everything but the stacking order, which is their order). */
export type PersistedWindow = Pick<
  ChatWindowState,
  | 'conversationId'
  | 'isMinimized'
  | 'isMaximized'
  | 'position'
  | 'size'
  | 'z'
  | 'barPosition'
  | 'showDetails'
  | 'draft'
>;

/** The window of a conversation has this id (one window per conversation). */
export const windowIdFor = (conversationId: string): string => `chat:${conversationId}`;
