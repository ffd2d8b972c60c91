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

// REST answers and socket payloads: the contract shared with the gateway (types only: no zod in the bundle).
export type { Conversation, Message } from '@atende/api-contract';
