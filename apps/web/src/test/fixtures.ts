import type { Conversation, Me } from '../api/types';

/** A signed-in user as GET /api/auth/me answers it (the demo owner unless overridden). */
export const makeMe = (overrides: Partial<Me> = {}): Me => ({
  id: 'u1',
  name: 'Demo Silva',
  email: 'demo@atende.local',
  company: 'Minha Empresa',
  role: 'Owner',
  workspaceId: 'w1',
  workspaces: [{ id: 'w1', name: 'Minha Empresa', role: 'Owner' }],
  trialStarted: '2025-03-10T12:00:00.000Z',
  trialDays: 7,
  trialDaysLeft: 5,
  theme: null,
  twoFactor: { enabled: false, required: false },
  ...overrides,
});

/** Ana, owner of workspace w_1: the user of the auth, conversation and realtime suites. */
export const ana: Me = makeMe({
  id: 'u_ana',
  name: 'Ana Souza',
  email: 'ana@empresa.com.br',
  workspaceId: 'w_1',
  workspaces: [{ id: 'w_1', name: 'Minha Empresa', role: 'Owner' }],
  trialStarted: '2025-01-02T03:04:05.000Z',
});

/**
 * A conversation row as GET /api/whatsapp/conversations answers it. `name` sets every name field;
 * `lastTimestamp` also sets createdAt and updatedAt unless they are given.
 */
export function makeConversation(overrides: Partial<Conversation> & { name?: string } = {}): Conversation {
  const { name = 'Cliente', ...fields } = overrides;
  const id = fields.id ?? '5511999990000@c.us';
  const at = fields.lastTimestamp ?? '2025-03-10T12:00:00.000Z';
  return {
    id,
    conversationId: id,
    chatId: id,
    name,
    conversationName: name,
    customerName: name,
    contactName: name,
    customerId: '5511999990000',
    channel: 'whatsapp',
    platform: 'whatsapp',
    status: 'active',
    type: 'private',
    lastMessage: 'Olá',
    lastMessageType: 'text',
    lastMessageFromMe: false,
    lastTimestamp: at,
    unreadCount: 0,
    messageCount: 1,
    hasMedia: false,
    mediaType: null,
    profilePic: null,
    profilePicture: null,
    isPinned: false,
    isArchived: false,
    assigneeId: null,
    assignedAgent: null,
    rating: null,
    createdAt: at,
    updatedAt: at,
    lastReadAt: null,
    lastInboundAt: null,
    overLimitMonth: null,
    ...fields,
  };
}
