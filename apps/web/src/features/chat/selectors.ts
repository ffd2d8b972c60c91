import type { Conversation } from '../../api/types';
import type { RootState } from '../../app/store';
import { selectInbox } from '../conversations/conversations-endpoints';
import type { ChatWindowState, PanelState } from './chatWindowsSlice';

export const selectChatWindows = (state: RootState): ChatWindowState[] => state.chatWindows.windows;
export const selectTopZ = (state: RootState): number => state.chatWindows.topZ;
export const selectChatWindow = (state: RootState, id: string): ChatWindowState | undefined =>
  state.chatWindows.windows.find((w) => w.id === id);
export const selectPanel = (state: RootState, conversationId: string): PanelState | undefined =>
  state.chatWindows.panels[conversationId];

/** The conversation row of the list (the inbox's cache entry), by its id or, failing that, its chat id. */
export function selectConversationRow(state: RootState, conversationId: string): Conversation | undefined {
  const list = selectInbox(state);
  if (!list) return undefined;
  const { entities, ids } = list;
  const direct = entities[conversationId];
  if (direct) return direct;
  for (const id of ids) {
    const row = entities[id];
    if (row && (row.conversationId === conversationId || row.chatId === conversationId)) return row;
  }
  return undefined;
}

/** The name shown for the customer ('Contato' until the row is known, spec §3). */
export const customerNameOf = (row: Conversation | undefined): string =>
  row?.customerName?.trim() || row?.contactName?.trim() || row?.name?.trim() || 'Contato';

/** The channel's label (spec: WhatsApp is the only working channel). */
export const channelLabelOf = (row: Conversation | undefined): string => {
  const channel: string = row?.channel ?? row?.platform ?? 'whatsapp';
  return channel === 'whatsapp' ? 'WhatsApp' : channel.charAt(0).toUpperCase() + channel.slice(1);
};

/** The customer's phone from a WhatsApp id (`5511999990001@c.us` → '+5511999990001'). */
export function phoneOf(customerId: string | null | undefined): string | null {
  if (!customerId) return null;
  const [user = '', server = ''] = customerId.split('@');
  if (server === 'g.us') return null; // a group has no phone
  const digits = user.replace(/\D/g, '');
  return digits ? `+${digits}` : null;
}
