import { http, HttpResponse } from 'msw';
import type { Me } from '../../../api/types';
import type { MemberRole, TeamMember } from '../types';

export const viewerAs = (role: MemberRole, id = `u_${role.toLowerCase()}`): Me => ({
  id,
  name: `Pessoa ${role}`,
  email: `${role.toLowerCase()}@loja.com`,
  company: 'Minha Empresa',
  role,
  workspaceId: 'w_1',
  workspaces: [{ id: 'w_1', name: 'Minha Empresa', role }],
  trialStarted: '2025-01-02T03:04:05.000Z',
  trialDays: 7,
  trialDaysLeft: 5,
  theme: null,
  twoFactor: { enabled: false, required: false },
});

export const member = (overrides: Partial<TeamMember> & Pick<TeamMember, 'id' | 'name'>): TeamMember => ({
  email: `${overrides.id}@loja.com`,
  role: 'Agente',
  status: 'active',
  lastActive: null,
  joinedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

/** The demo team: the Owner, an Admin, a Supervisor and two agents (one inactive). */
export const team = (): TeamMember[] => [
  member({
    id: 'u_owner',
    name: 'Ana Dona',
    email: 'ana@loja.com',
    role: 'Owner',
    lastActive: '2025-03-10T13:45:00.000Z',
  }),
  member({ id: 'u_admin', name: 'Bruno Admin', email: 'bruno@loja.com', role: 'Admin' }),
  member({
    id: 'u_supervisor',
    name: 'Carla Supervisora',
    email: 'carla@empresa.com.br',
    role: 'Supervisor',
  }),
  member({ id: 'u_agente', name: 'Diego Atendente', email: 'diego@loja.com' }),
  member({ id: 'u_inativo', name: 'Érica Inativa', email: 'erica@loja.com', status: 'inactive' }),
];

export const failure = (status: number, code: string, error: string) =>
  HttpResponse.json({ success: false, error, code }, { status });

/** When the signed-in member's writes happen (the gateway marks them as their last activity). */
export const ACTED_AT = '2025-04-01T12:00:00.000Z';

/**
 * An in-memory /api/team that records every call, like the gateway answers it; a write marks
 * `actorId`'s last activity, as the members projection does.
 */
export function teamApi(initial: TeamMember[] = team(), actorId = 'u_owner') {
  const members = initial.map((m) => ({ ...m }));
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const acted = () => {
    const actor = members.find((m) => m.id === actorId);
    if (actor) actor.lastActive = ACTED_AT;
  };
  const handlers = [
    http.get('/api/team', () => {
      calls.push({ method: 'GET', path: '/api/team' });
      return HttpResponse.json({ success: true, members });
    }),
    http.post('/api/team', async ({ request }) => {
      const body = (await request.json()) as {
        name: string;
        email: string;
        role?: MemberRole;
        status?: 'active';
      };
      calls.push({ method: 'POST', path: '/api/team', body });
      if (members.some((m) => m.email === body.email.toLowerCase())) {
        return failure(409, 'MEMBER_EXISTS', 'Membro já faz parte da equipe');
      }
      const added = member({
        id: `u_${members.length + 1}`,
        name: body.name,
        email: body.email.toLowerCase(),
        role: body.role ?? 'Agente',
        status: body.status ?? 'active',
      });
      members.push(added);
      acted();
      return HttpResponse.json(
        {
          success: true,
          member: added,
          oneTimePassword: 'Xy7-senha-unica',
          message: 'Membro adicionado com sucesso!',
        },
        { status: 201 },
      );
    }),
    http.put('/api/team/:id', async ({ params, request }) => {
      const body = (await request.json()) as Partial<TeamMember>;
      calls.push({ method: 'PUT', path: `/api/team/${String(params.id)}`, body });
      const index = members.findIndex((m) => m.id === params.id);
      if (index < 0) return failure(404, 'NOT_FOUND', 'Membro não encontrado');
      members[index] = { ...members[index]!, ...body };
      acted();
      return HttpResponse.json({
        success: true,
        member: members[index],
        message: 'Membro atualizado com sucesso!',
      });
    }),
    http.post('/api/team/:id/password-reset', ({ params }) => {
      calls.push({ method: 'POST', path: `/api/team/${String(params.id)}/password-reset` });
      const target = members.find((m) => m.id === params.id);
      if (!target) return failure(404, 'NOT_FOUND', 'Membro não encontrado');
      if (target.id === actorId) {
        return failure(400, 'RESET_OWN_PASSWORD', 'Para a sua própria senha, use Alterar senha');
      }
      const actor = members.find((m) => m.id === actorId);
      if (target.role === 'Owner' && actor?.role !== 'Owner') {
        return failure(403, 'FORBIDDEN', 'Você não tem permissão para esta ação');
      }
      acted();
      return HttpResponse.json({
        success: true,
        oneTimePassword: `Rd9-senha-${target.id}`,
        message: 'Senha redefinida: entregue a senha provisória à pessoa',
      });
    }),
    http.delete('/api/team/:id', ({ params }) => {
      calls.push({ method: 'DELETE', path: `/api/team/${String(params.id)}` });
      const index = members.findIndex((m) => m.id === params.id);
      if (index < 0) return failure(404, 'NOT_FOUND', 'Membro não encontrado');
      members.splice(index, 1);
      acted();
      return HttpResponse.json({ success: true, message: 'Membro removido com sucesso!' });
    }),
  ];
  return { members, calls, handlers, writes: () => calls.filter((c) => c.method !== 'GET') };
}
