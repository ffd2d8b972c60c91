import { z } from 'zod';
import {
  deterministicEventId,
  MEMBER_NOT_FOUND_MESSAGE,
  memberDecider,
  memberRoles,
  memberStatuses,
  newId,
  requireSeat,
  streams,
  userDecider,
  type MemberRole,
  type MemberStatus,
} from '@atende/events';
import {
  memberAddedAnswerSchema,
  memberRemovedAnswerSchema,
  memberUpdatedAnswerSchema,
  teamAnswerSchema,
  type TeamMember,
} from '@atende/api-contract';
import { findUserByEmail, getMember, listMembers, type MemberDoc } from '@atende/projector';
import { hashPassword } from '../../auth/password.js';
import { oneTimePassword } from '../../bootstrap/provision-workspace.js';
import { can } from '../../auth/permissions.js';
import type { RequestContext } from '../../auth/request-context.js';
import { execute } from '../../commands/execute.js';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { seatAllowance } from './plan-allowances.js';
import {
  badRequest,
  denyAccess,
  idSchema,
  noBody,
  notFoundError,
  oneOf,
  requireCtx,
  text,
} from './shared.js';

export const INVALID_MEMBER_EMAIL = 'Email inválido';
export const MEMBER_EXISTS_MESSAGE = 'Membro já faz parte da equipe';
export const EMAIL_IN_USE_MESSAGE = 'Este email já está em uso';
export const CANNOT_CHANGE_OWN_ROLE = 'Você não pode alterar a sua própria função';
export const CANNOT_DEACTIVATE_SELF = 'Você não pode desativar a sua própria conta';
export const CANNOT_REMOVE_SELF = 'Você não pode remover a si mesmo da equipe';
export const MEMBER_ADDED_MESSAGE = 'Membro adicionado com sucesso!';
export const MEMBER_UPDATED_MESSAGE = 'Membro atualizado com sucesso!';
export const MEMBER_REMOVED_MESSAGE = 'Membro removido com sucesso!';

// The answer's shape is the contract's (shared with the web client).
export type { TeamMember };

const emailAddress = z.email().max(254);
const memberParams = z.strictObject({ userId: idSchema });

function toView(doc: MemberDoc): TeamMember {
  return {
    id: doc.userId,
    name: doc.name,
    email: doc.email,
    role: doc.role,
    status: doc.status,
    lastActive: doc.lastActive,
    joinedAt: doc.joinedAt,
  };
}

function normaliseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!emailAddress.safeParse(email).success) throw badRequest('INVALID_EMAIL', INVALID_MEMBER_EMAIL);
  return email;
}

function requireName(value: string): string {
  const name = value.trim();
  if (!name) throw badRequest('MEMBER_NAME_REQUIRED', 'Nome é obrigatório');
  return name;
}

async function requireMember(deps: GatewayDeps, ctx: RequestContext, userId: string): Promise<MemberDoc> {
  const member = await getMember(deps.readModels.view('members'), ctx.workspaceId, userId);
  if (!member) throw notFoundError(MEMBER_NOT_FOUND_MESSAGE);
  return member;
}

async function readBack(deps: GatewayDeps, ctx: RequestContext, userId: string): Promise<TeamMember> {
  return toView(await requireMember(deps, ctx, userId));
}

/** Another member (or account) already using the e-mail: 409. */
async function ensureEmailFree(
  deps: GatewayDeps,
  ctx: RequestContext,
  email: string,
  exceptUserId: string,
): Promise<void> {
  const members = await listMembers(deps.readModels.view('members'), ctx.workspaceId);
  const user = await findUserByEmail(deps.readModels.view('users'), email);
  if (
    members.some((m) => m.email === email && m.userId !== exceptUserId) ||
    (user && user.userId !== exceptUserId)
  ) {
    throw new HttpError(409, 'EMAIL_IN_USE', EMAIL_IN_USE_MESSAGE);
  }
}

/** Equipe: members of the workspace (spec §2 Team, §3 Team member, §6). */
export function teamRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/team',
      summary: "The workspace's members (search by name or e-mail, filter by status and role)",
      tag: 'team',
      auth: 'team:read',
      query: z.strictObject({
        search: text(200).optional(),
        status: oneOf(memberStatuses).optional(),
        role: oneOf(memberRoles).optional(),
      }),
      response: teamAnswerSchema,
      handler: async ({ query }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const search = query.search?.trim().toLocaleLowerCase('pt-BR') ?? '';
        const members = (await listMembers(deps.readModels.view('members'), ctx.workspaceId)).filter(
          (m) =>
            (!query.status || m.status === query.status) &&
            (!query.role || m.role === query.role) &&
            (!search ||
              m.name.toLocaleLowerCase('pt-BR').includes(search) ||
              m.email.toLocaleLowerCase('pt-BR').includes(search)),
        );
        return { success: true, members: members.map(toView) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/team',
      summary:
        'Adds a member within the plan: an existing account (same e-mail) joins as it is; otherwise one is created with a one-time password (shown once)',
      tag: 'team',
      auth: 'team:manage',
      body: z.strictObject({
        name: text(120),
        email: text(254),
        role: oneOf(memberRoles).optional(),
        status: oneOf(memberStatuses).optional(),
      }),
      status: 201,
      response: memberAddedAnswerSchema,
      handler: async ({ body, req }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const role: MemberRole = body.role ?? 'Agente';
        const status: MemberStatus = body.status ?? 'active';
        if (role === 'Owner' && !can(ctx.role, 'owners:manage')) {
          await denyAccess(deps, ctx, 'owners:manage', req);
        }
        const name = requireName(body.name);
        const email = normaliseEmail(body.email);

        const existing = await findUserByEmail(deps.readModels.view('users'), email);
        if (existing) {
          const member = await getMember(deps.readModels.view('members'), ctx.workspaceId, existing.userId);
          if (member) throw new HttpError(409, 'MEMBER_EXISTS', MEMBER_EXISTS_MESSAGE);
          if (existing.deactivatedAt !== undefined)
            throw new HttpError(409, 'EMAIL_IN_USE', EMAIL_IN_USE_MESSAGE);
        }
        // Checked before the account is made: a refused seat writes nothing.
        const seats = await seatAllowance(deps, ctx.workspaceId);
        if (status === 'active') requireSeat(seats);
        let userId: string;
        let password: string | null = null;
        if (existing) {
          // One account per e-mail (DESIGN §2b): the person joins with the account and password they
          // have (an accountant serving two shops); nobody here can change that account's password.
          userId = existing.userId;
        } else {
          // Derived from the e-mail, so a double submit meets the first one's stream instead of
          // registering the address twice.
          const derived = deterministicEventId(ctx.workspaceId, `user:${email}`);
          userId = (await deps.store.readStream(streams.user(derived))).length === 0 ? derived : newId();
          password = oneTimePassword();
          await execute(deps, ctx, userDecider, streams.user(userId), {
            type: 'RegisterUser',
            // Shown once to whoever added the person: changed at their first sign-in.
            data: {
              userId,
              email,
              name,
              authProvider: 'local',
              passwordHash: await hashPassword(password),
              temporaryPassword: true,
            },
          });
        }
        await execute(deps, ctx, memberDecider, streams.member(ctx.workspaceId, userId), {
          type: 'AddMember',
          data: { workspaceId: ctx.workspaceId, userId, name, email, role, status, seats },
        });
        return {
          success: true,
          member: await readBack(deps, ctx, userId),
          oneTimePassword: password,
          message: MEMBER_ADDED_MESSAGE,
        };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/team/:userId',
      summary: "Edits a member's name, e-mail, role or status (Owner changes need owners:manage)",
      tag: 'team',
      auth: 'team:manage',
      params: memberParams,
      body: z.strictObject({
        name: text(120).optional(),
        email: text(254).optional(),
        role: oneOf(memberRoles).optional(),
        status: oneOf(memberStatuses).optional(),
      }),
      response: memberUpdatedAnswerSchema,
      handler: async ({ params, body, req }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const target = await requireMember(deps, ctx, params.userId);
        if ((target.role === 'Owner' || body.role === 'Owner') && !can(ctx.role, 'owners:manage')) {
          await denyAccess(deps, ctx, 'owners:manage', req);
        }
        const self = target.userId === ctx.userId;
        const roleChanges = body.role !== undefined && body.role !== target.role;
        const statusChanges = body.status !== undefined && body.status !== target.status;
        if (self && roleChanges) throw badRequest('CANNOT_CHANGE_OWN_ROLE', CANNOT_CHANGE_OWN_ROLE);
        if (self && statusChanges && body.status === 'inactive') {
          throw badRequest('CANNOT_DEACTIVATE_SELF', CANNOT_DEACTIVATE_SELF);
        }
        const name = body.name !== undefined ? requireName(body.name) : target.name;
        const email = body.email !== undefined ? normaliseEmail(body.email) : target.email;
        if (email !== target.email) await ensureEmailFree(deps, ctx, email, target.userId);

        const stream = streams.member(ctx.workspaceId, target.userId);
        if (name !== target.name || email !== target.email) {
          await execute(deps, ctx, memberDecider, stream, {
            type: 'UpdateMemberDetails',
            data: { name, email },
          });
        }
        if (roleChanges) {
          await execute(deps, ctx, memberDecider, stream, {
            type: 'ChangeMemberRole',
            data: { role: body.role! },
          });
        }
        if (statusChanges) {
          await execute(deps, ctx, memberDecider, stream, {
            type: 'ChangeMemberStatus',
            data: { status: body.status!, seats: await seatAllowance(deps, ctx.workspaceId) },
          });
          if (body.status === 'inactive') {
            await deps.sessions.deleteAllOfUser(target.userId, ctx.workspaceId);
          }
        }
        return {
          success: true,
          member: await readBack(deps, ctx, target.userId),
          message: MEMBER_UPDATED_MESSAGE,
        };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/team/:userId',
      summary: 'Removes a member (never the Owner, never yourself); their sessions end',
      tag: 'team',
      auth: 'team:manage',
      params: memberParams,
      body: noBody,
      response: memberRemovedAnswerSchema,
      handler: async ({ params }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const target = await requireMember(deps, ctx, params.userId);
        if (target.userId === ctx.userId) throw badRequest('CANNOT_REMOVE_SELF', CANNOT_REMOVE_SELF);
        // The decider refuses the Owner: 'O proprietário não pode ser removido'.
        await execute(deps, ctx, memberDecider, streams.member(ctx.workspaceId, target.userId), {
          type: 'RemoveMember',
          data: {},
        });
        // Only this team's sessions: the account may belong to other companies too.
        await deps.sessions.deleteAllOfUser(target.userId, ctx.workspaceId);
        return { success: true, message: MEMBER_REMOVED_MESSAGE };
      },
    }),
  ];
}
