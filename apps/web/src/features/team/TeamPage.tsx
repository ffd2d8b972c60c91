import { Eye, Lock, RefreshCw, Search, UserPlus, X } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { failureOf } from '../../server-state/api';
import { withApi } from '../../server-state/with-api';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/selectors';
import { CredentialsDialog } from './CredentialsDialog';
import { MemberFormDialog } from './MemberFormDialog';
import { MembersTable } from './MembersTable';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { selectTeam } from './selectors';
import { useGetTeamQuery } from './team-endpoints';
import { changedFields, filterMembers, teamAbilities } from './team-logic';
import { teamActions } from './teamSlice';
import {
  MEMBER_ROLES,
  TEAM_TEXTS,
  type MemberFormValues,
  type RoleFilter,
  type StatusFilter,
  type TeamMember,
} from './types';
import { useTeamCommands } from './useTeamCommands';

const NO_MEMBERS: TeamMember[] = [];

/**
 * Equipe (spec §2, §4, §6): the workspace's members with search and filters; roles with
 * team:manage add, edit and remove them and reset their passwords; a Supervisor reads; an Agente
 * gets the permission text (also when GET /api/team answers 403: a role lowered meanwhile). The
 * members are GET /api/team's (fetched when the page opens and after every change).
 */
function TeamPage() {
  const dispatch = useAppDispatch();
  const viewer = useAppSelector(selectUser);
  const team = useAppSelector(selectTeam);
  const abilities = teamAbilities(viewer?.role);
  const query = useGetTeamQuery(undefined, { skip: !abilities.canRead });
  const all = query.data ?? NO_MEMBERS;
  const visible = useMemo(() => filterMembers(all, team.filters), [all, team.filters]);
  const commands = useTeamCommands();
  const searchInput = useRef<HTMLInputElement>(null);
  const loadError = query.isFetching ? null : failureOf(query.error);
  const forbidden = !abilities.canRead || loadError?.status === 403;
  const byId = (id: string | null | undefined) => (id ? all.find((m) => m.id === id) : undefined);

  if (forbidden) {
    return (
      <div>
        <PageHeader title={TEAM_TEXTS.title} subtitle={TEAM_TEXTS.subtitle} />
        <div className="card flex items-center gap-4 p-6">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300">
            <Lock aria-hidden className="h-5 w-5" />
          </span>
          <p className="font-medium text-slate-800 dark:text-slate-100">{TEAM_TEXTS.forbidden}</p>
        </div>
      </div>
    );
  }

  const manage = abilities.canManage;
  const editing = team.editor?.mode === 'edit' ? byId(team.editor.memberId) : undefined;
  const removing = byId(team.removal?.memberId);
  const resetting = byId(team.passwordReset?.memberId);
  const { filters } = team;
  const filtered = filters.search.trim() !== '' || filters.status !== 'all' || filters.role !== 'all';

  // The button leaves with the empty row: focus goes to the search, not to the page's top.
  const clearFilters = () => {
    dispatch(teamActions.filtersCleared());
    searchInput.current?.focus();
  };

  const save = (values: MemberFormValues) => {
    if (!team.editor) return;
    if (team.editor.mode === 'add') {
      void commands.save({ mode: 'add', values });
      return;
    }
    if (!editing) return;
    const changes = changedFields(editing, values);
    if (Object.keys(changes).length === 0) dispatch(teamActions.editorClosed());
    else void commands.save({ mode: 'edit', memberId: editing.id, changes });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={TEAM_TEXTS.title}
        subtitle={TEAM_TEXTS.subtitle}
        actions={
          manage ? (
            <button type="button" className="btn-primary" onClick={() => dispatch(teamActions.addOpened())}>
              <UserPlus aria-hidden className="h-5 w-5" />
              {TEAM_TEXTS.add}
            </button>
          ) : null
        }
      />

      {!manage ? (
        <p className="flex items-center gap-2 rounded-xl bg-blue-50 px-4 py-3 text-sm text-blue-800 dark:bg-blue-500/10 dark:text-blue-200">
          <Eye aria-hidden className="h-4 w-4 shrink-0" />
          {TEAM_TEXTS.readOnly}
        </p>
      ) : null}

      {team.notice ? (
        <div
          role="status"
          className="flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200"
        >
          {team.notice}
          <button
            type="button"
            aria-label="Fechar aviso"
            className="rounded-md p-1 transition hover:bg-emerald-100 dark:hover:bg-emerald-500/20"
            onClick={() => dispatch(teamActions.noticeDismissed())}
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        </div>
      ) : null}

      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <input
            ref={searchInput}
            type="search"
            aria-label="Buscar membros"
            placeholder="Buscar por nome ou email..."
            className="input pl-9"
            value={filters.search}
            onChange={(event) => dispatch(teamActions.filtersChanged({ search: event.target.value }))}
          />
        </div>
        <select
          aria-label="Filtrar por status"
          className="input md:w-44"
          value={filters.status}
          onChange={(event) =>
            dispatch(teamActions.filtersChanged({ status: event.target.value as StatusFilter }))
          }
        >
          <option value="all">Todos</option>
          <option value="active">Ativo</option>
          <option value="inactive">Inativo</option>
        </select>
        <select
          aria-label="Filtrar por função"
          className="input md:w-44"
          value={filters.role}
          onChange={(event) =>
            dispatch(teamActions.filtersChanged({ role: event.target.value as RoleFilter }))
          }
        >
          <option value="all">Todas</option>
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </div>

      {loadError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {loadError.message}
          <button type="button" className="btn-secondary py-1.5" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden className="h-4 w-4" />
            {TEAM_TEXTS.retry}
          </button>
        </div>
      ) : null}

      {query.data ? (
        <>
          <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
            {filtered ? `${visible.length} de ${all.length} membro(s)` : `${all.length} membro(s)`}
          </p>
          <MembersTable
            members={visible}
            viewer={viewer}
            manage={manage}
            emptyText={TEAM_TEXTS.empty}
            onClearFilters={filtered ? clearFilters : undefined}
            onEdit={(member) => dispatch(teamActions.editOpened(member.id))}
            onRemove={(member) => dispatch(teamActions.removalOpened(member.id))}
            onResetPassword={(member) => dispatch(teamActions.passwordResetOpened(member.id))}
          />
        </>
      ) : !loadError ? (
        <p role="status" className="card px-4 py-10 text-center text-slate-500 dark:text-slate-400">
          {TEAM_TEXTS.loading}
        </p>
      ) : null}

      {team.editor && (team.editor.mode === 'add' || editing) ? (
        <MemberFormDialog
          key={team.editor.memberId ?? 'new'}
          mode={team.editor.mode}
          member={editing}
          viewer={viewer}
          saving={team.editor.saving}
          error={team.editor.error}
          onSubmit={save}
          onClose={() => dispatch(teamActions.editorClosed())}
        />
      ) : null}

      {team.removal && removing ? (
        <RemoveMemberDialog
          member={removing}
          removing={team.removal.removing}
          error={team.removal.error}
          onConfirm={() => void commands.remove(removing.id)}
          onClose={() => dispatch(teamActions.removalClosed())}
        />
      ) : null}

      {team.passwordReset && resetting ? (
        <ResetPasswordDialog
          member={resetting}
          resetting={team.passwordReset.resetting}
          error={team.passwordReset.error}
          onConfirm={() => void commands.resetPassword(resetting)}
          onClose={() => dispatch(teamActions.passwordResetClosed())}
        />
      ) : null}

      {team.credentials ? (
        <CredentialsDialog
          credentials={team.credentials}
          onClose={() => dispatch(teamActions.credentialsDismissed())}
        />
      ) : null}
    </div>
  );
}

export default withApi(TeamPage);
