export type MemberRole = 'Owner' | 'Admin' | 'Supervisor' | 'Agente';

/** A company (workspace) the account belongs to, with its role there. */
export interface AccountWorkspace {
  id: string;
  name: string;
  role: MemberRole;
}

/** The signed-in user as GET /api/auth/me answers it (spec §3's stored user record, plus role and trial). */
export interface Me {
  id: string;
  name: string;
  email: string;
  /** The current workspace's company name (any name the company chose). */
  company: string;
  role: MemberRole;
  /** The workspace this session works in. */
  workspaceId: string;
  /** Every workspace the account may switch to, the current one included. */
  workspaces: AccountWorkspace[];
  trialStarted: string;
  trialDays: number;
  trialDaysLeft: number;
  theme: 'light' | 'dark' | null;
  /**
   * Two-factor sign-in (TOTP): whether this account has it on, and whether the workspace requires it
   * (Configurações > Segurança). Absent from servers (and fixtures) older than two-factor sign-in.
   */
  twoFactor?: TwoFactorStatus;
}

/** GET /api/auth/me's `twoFactor`: the account's enrolment and the workspace's requirement. */
export interface TwoFactorStatus {
  enabled: boolean;
  required: boolean;
}

export interface AuthConfig {
  mode: 'local' | 'firebase';
  /** Whether anyone may create a company here (POST /api/signup); false hides the sign-up. */
  signup: boolean;
  firebase: { projectId: string; apiKey?: string; authDomain?: string } | null;
}

/** A conversation row as GET /api/whatsapp/conversations and the socket's `conversation:updated` carry it. */
export interface Conversation {
  id: string;
  conversationId: string;
  chatId: string;
  name: string;
  conversationName: string;
  customerName: string;
  contactName: string;
  customerId: string;
  channel: 'whatsapp';
  platform: 'whatsapp';
  status: 'active' | 'archived';
  type: 'private' | 'group';
  lastMessage: string;
  lastMessageType: string | null;
  lastMessageFromMe: boolean;
  lastTimestamp: string | null;
  unreadCount: number;
  messageCount: number;
  hasMedia: boolean;
  mediaType: 'image' | 'video' | 'audio' | 'document' | null;
  profilePic: string | null;
  profilePicture: string | null;
  isPinned: boolean;
  isArchived: boolean;
  assigneeId: string | null;
  assignedAgent: string | null;
  rating: number | null;
  createdAt: string;
  updatedAt: string;
  lastReadAt: string | null;
  /** YYYY-MM of the month this conversation started beyond the plan's limit; null when within it. */
  overLimitMonth: string | null;
}

/** A stored message as GET /api/whatsapp/messages/:conversationId answers it. */
export interface Message {
  id: string;
  conversationId: string;
  content: string;
  sender: 'customer' | 'agent';
  senderName: string;
  senderPhone: string;
  senderId: string | null;
  fromMe: boolean;
  timestamp: string;
  createdAt: string;
  type: 'text' | 'image' | 'video' | 'audio' | 'document';
  status: 'sent' | 'delivered' | 'read' | 'failed';
  mediaUrl: string | null;
  mediaStatus: 'none' | 'pending' | 'stored' | 'failed';
  /** The file's name (documents show it); absent from servers older than agents' media sends. */
  fileName?: string | null;
  error: string | null;
  /** Order in the conversation; the `before` cursor of older pages. */
  position: number;
}
