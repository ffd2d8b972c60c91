/** The signed-in user as GET /api/auth/me answers it (spec §3's stored user record, plus role and trial). */
export interface Me {
  id: string;
  name: string;
  email: string;
  company: string;
  role: 'Owner' | 'Admin' | 'Supervisor' | 'Agente';
  workspaceId: string;
  trialStarted: string;
  trialDays: number;
  trialDaysLeft: number;
  theme: 'light' | 'dark' | null;
}

export interface AuthConfig {
  mode: 'local' | 'firebase';
  firebase: { projectId: string; apiKey?: string; authDomain?: string } | null;
}
