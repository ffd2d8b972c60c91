import { Eye, Lock, RefreshCw, Search, UserPlus, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/selectors';
import { CredentialsDialog } from './CredentialsDialog';
import { MemberFormDialog } from './MemberFormDialog';
import { MembersTable } from './MembersTable';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { selectAllMembers, selectTeam, selectVisibleMembers } from './selectors';
import { changedFields, teamAbilities } from './team-logic';
import { teamActions } from './teamSlice';
import { MEMBER_ROLES, TEAM_TEXTS, type MemberFormValues, type RoleFilter, type StatusFilter } from './types';

/**
 * Equipe (spec §2, §4, §6): the workspace's members with search and filters; roles with
 * team:manage add, edit and remove them and reset their passwords; a Supervisor reads; an Agente
 * gets the permission text.
 */
export default function TeamPage() {
  const dispatch = useAppDispatch();
  const viewer = useAppSelector(selectUser);
  const team = useAppSelector(selectTeam);
  const all = useAppSelector(selectAllMembers);
  const visible = useAppSelector(selectVisibleMembers);
  const abilities = teamAbilities(viewer?.role);
  const searchInput = useRef<HTMLInputElement>(null);
  const forbidden = !abilities.canRead || team.status === 'forbidden';

  useEffect(() => {
    if (abilities.canRead) dispatch(teamActions.teamRequested());
  }, [dispatch, abilities.canRead]);

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
  const editing =
    team.editor?.mode === 'edit' && team.editor.memberId ? team.entities[team.editor.memberId] : undefined;
  const removing = team.removal ? team.entities[team.removal.memberId] : undefined;
  const resetting = team.passwordReset ? team.entities[team.passwordReset.memberId] : undefined;
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
      dispatch(teamActions.memberSaveRequested({ mode: 'add', values }));
      return;
    }
    if (!editing) return;
    const changes = changedFields(editing, values);
    if (Object.keys(changes).length === 0) dispatch(teamActions.editorClosed());
    else dispatch(teamActions.memberSaveRequested({ mode: 'edit', memberId: editing.id, changes }));
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

      {team.status === 'failed' ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {team.error}
          <button
            type="button"
            className="btn-secondary py-1.5"
            onClick={() => dispatch(teamActions.teamRequested())}
          >
            <RefreshCw aria-hidden className="h-4 w-4" />
            {TEAM_TEXTS.retry}
          </button>
        </div>
      ) : null}

      {team.loaded ? (
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
      ) : team.status !== 'failed' ? (
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
          onConfirm={() => dispatch(teamActions.memberRemoveRequested(removing.id))}
          onClose={() => dispatch(teamActions.removalClosed())}
        />
      ) : null}

      {team.passwordReset && resetting ? (
        <ResetPasswordDialog
          member={resetting}
          resetting={team.passwordReset.resetting}
          error={team.passwordReset.error}
          onConfirm={() => dispatch(teamActions.passwordResetRequested(resetting.id))}
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
