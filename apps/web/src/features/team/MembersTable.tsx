import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import type { Me } from '../../api/types';
import { RoleBadge, StatusBadge } from './RoleBadge';
import {
  canEditMember,
  canRemoveMember,
  canResetPassword,
  formatLastActive,
  memberInitial,
} from './team-logic';
import { TEAM_TEXTS, type TeamMember } from './types';

export interface MembersTableProps {
  members: TeamMember[];
  viewer: Me | null;
  /** With the Ações column (roles with team:manage); a Supervisor reads the table only. */
  manage: boolean;
  onEdit: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
  /** Redefinir senha (not on the viewer's own row). */
  onResetPassword: (member: TeamMember) => void;
  /** Shown as the single row when `members` is empty. */
  emptyText: string;
  /** Offered in that row when the search or a filter hid every member. */
  onClearFilters?: () => void;
}

const th =
  'px-4 py-3 text-left text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400';
const td = 'px-4 py-3 align-middle';
const iconButton =
  'inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-white/10 dark:hover:text-white';

/** Spec §2 table: member (initial, name, e-mail), role, status, last activity and actions. */
export function MembersTable({
  members,
  viewer,
  manage,
  onEdit,
  onRemove,
  onResetPassword,
  emptyText,
  onClearFilters,
}: MembersTableProps) {
  const columns = manage ? 5 : 4;
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">Membros da equipe</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80 dark:border-blue-900/60 dark:bg-white/5">
          <tr>
            <th scope="col" className={th}>
              Membro
            </th>
            <th scope="col" className={th}>
              Função
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Última atividade
            </th>
            {manage ? (
              <th scope="col" className={`${th} text-right`}>
                Ações
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-blue-900/40">
          {members.length === 0 ? (
            <tr>
              <td colSpan={columns} className="px-4 py-10 text-center text-slate-500 dark:text-slate-400">
                {emptyText}
                {onClearFilters ? (
                  <div className="mt-3">
                    <button type="button" className="btn-secondary py-1.5" onClick={onClearFilters}>
                      {TEAM_TEXTS.clearFilters}
                    </button>
                  </div>
                ) : null}
              </td>
            </tr>
          ) : (
            members.map((member) => {
              const self = member.id === viewer?.id;
              const editable = manage && canEditMember(viewer, member);
              const removable = manage && canRemoveMember(viewer, member);
              const resettable = manage && canResetPassword(viewer, member);
              return (
                <tr
                  key={member.id}
                  data-member-id={member.id}
                  className="transition hover:bg-slate-50/60 dark:hover:bg-white/5"
                >
                  <td className={td}>
                    <div className="flex items-center gap-3">
                      <span
                        aria-hidden
                        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-blue-500 to-indigo-600 text-sm font-bold text-white"
                      >
                        {memberInitial(member)}
                      </span>
                      <div className="min-w-0">
                        <p className="truncate font-semibold text-slate-900 dark:text-white">
                          {member.name}
                          {self ? (
                            <span className="ml-2 rounded bg-blue-50 px-1.5 py-0.5 text-xs font-medium text-blue-700 dark:bg-blue-500/15 dark:text-blue-200">
                              Você
                            </span>
                          ) : null}
                        </p>
                        <p className="truncate text-slate-500 dark:text-slate-400">{member.email}</p>
                      </div>
                    </div>
                  </td>
                  <td className={td}>
                    <RoleBadge role={member.role} />
                  </td>
                  <td className={td}>
                    <StatusBadge status={member.status} />
                  </td>
                  <td className={`${td} whitespace-nowrap text-slate-600 dark:text-slate-300`}>
                    {member.lastActive ? (
                      <time dateTime={member.lastActive}>{formatLastActive(member.lastActive)}</time>
                    ) : (
                      TEAM_TEXTS.never
                    )}
                  </td>
                  {manage ? (
                    <td className={`${td} text-right whitespace-nowrap`}>
                      {editable ? (
                        <button
                          type="button"
                          className={iconButton}
                          aria-label={`Editar ${member.name}`}
                          title="Editar"
                          onClick={() => onEdit(member)}
                        >
                          <Pencil aria-hidden className="h-4 w-4" />
                        </button>
                      ) : null}
                      {resettable ? (
                        <button
                          type="button"
                          className={iconButton}
                          aria-label={`Redefinir senha de ${member.name}`}
                          title={TEAM_TEXTS.resetPassword}
                          onClick={() => onResetPassword(member)}
                        >
                          <KeyRound aria-hidden className="h-4 w-4" />
                        </button>
                      ) : null}
                      {removable ? (
                        <button
                          type="button"
                          className={`${iconButton} hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-500/10 dark:hover:text-red-300`}
                          aria-label={`Remover ${member.name}`}
                          title="Remover"
                          onClick={() => onRemove(member)}
                        >
                          <Trash2 aria-hidden className="h-4 w-4" />
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
