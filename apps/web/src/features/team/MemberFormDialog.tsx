import { useId, useState, type FormEvent } from 'react';
import type { Me } from '../../api/types';
import { Dialog } from '../../ui/Dialog';
import { assignableRoles, validateMemberForm, type FormErrors } from './team-logic';
import {
  DEFAULT_FORM_VALUES,
  MEMBER_STATUSES,
  STATUS_LABELS,
  TEAM_TEXTS,
  type MemberFormValues,
  type MemberRole,
  type MemberStatus,
  type TeamMember,
} from './types';
import { FormAlert } from '../../ui/FormAlert';
import { Field } from '../../ui/Field';

export interface MemberFormDialogProps {
  mode: 'add' | 'edit';
  /** The member being edited. */
  member?: TeamMember;
  viewer: Me | null;
  saving: boolean;
  /** The server's text of the last failed save. */
  error: string | null;
  onSubmit: (values: MemberFormValues) => void;
  onClose: () => void;
}
const hintClass = 'mt-1 text-xs text-slate-500 dark:text-slate-400';
const errorClass = 'mt-1 text-sm text-red-600 dark:text-red-300';

/**
 * 'Adicionar Membro' / 'Editar Membro' (spec §2): Nome, Email, Função (default Agente; Owner only
 * for an Owner) and Status (default Ativo). Saved through the API; its error text shows here.
 */
export function MemberFormDialog({
  mode,
  member,
  viewer,
  saving,
  error,
  onSubmit,
  onClose,
}: MemberFormDialogProps) {
  const formId = useId();
  const field = (suffix: string) => `${formId}-${suffix}`;
  const [values, setValues] = useState<MemberFormValues>(() =>
    member
      ? { name: member.name, email: member.email, role: member.role, status: member.status }
      : DEFAULT_FORM_VALUES,
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const self = mode === 'edit' && member !== undefined && member.id === viewer?.id;
  const roles = assignableRoles(viewer?.role, member?.role);

  const change = <K extends keyof MemberFormValues>(key: K, value: MemberFormValues[K]) => {
    setValues((was) => ({ ...was, [key]: value }));
    if (key === 'name' || key === 'email') setErrors((was) => ({ ...was, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = validateMemberForm(values);
    setErrors(found);
    if (found.name || found.email) {
      document.getElementById(field(found.name ? 'name' : 'email'))?.focus();
      return;
    }
    onSubmit({ ...values, name: values.name.trim(), email: values.email.trim() });
  };

  const adding = mode === 'add';
  return (
    <Dialog
      open
      onClose={onClose}
      title={adding ? TEAM_TEXTS.add : TEAM_TEXTS.edit}
      size="md"
      closeOnBackdropClick={false}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={saving}>
            Cancelar
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={saving} aria-busy={saving}>
            {adding ? 'Adicionar' : 'Salvar'}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormAlert message={error} />
        <Field id={field('name')} label="Nome">
          <input
            id={field('name')}
            className="input"
            value={values.name}
            maxLength={120}
            autoComplete="off"
            aria-required="true"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? field('name-error') : undefined}
            onChange={(event) => change('name', event.target.value)}
          />
          {errors.name ? (
            <p id={field('name-error')} className={errorClass}>
              {errors.name}
            </p>
          ) : null}
        </Field>
        <Field id={field('email')} label="Email">
          <input
            id={field('email')}
            type="email"
            className="input"
            value={values.email}
            maxLength={254}
            autoComplete="off"
            aria-required="true"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? field('email-error') : undefined}
            onChange={(event) => change('email', event.target.value)}
          />
          {errors.email ? (
            <p id={field('email-error')} className={errorClass}>
              {errors.email}
            </p>
          ) : null}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={field('role')} label="Função">
            <select
              id={field('role')}
              className="input"
              value={values.role}
              disabled={self}
              aria-describedby={self ? field('role-hint') : undefined}
              onChange={(event) => change('role', event.target.value as MemberRole)}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
            {self ? (
              <p id={field('role-hint')} className={hintClass}>
                {TEAM_TEXTS.ownRole}
              </p>
            ) : null}
          </Field>
          <Field id={field('status')} label="Status">
            <select
              id={field('status')}
              className="input"
              value={values.status}
              disabled={self}
              aria-describedby={self ? field('status-hint') : undefined}
              onChange={(event) => change('status', event.target.value as MemberStatus)}
            >
              {MEMBER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
            {self ? (
              <p id={field('status-hint')} className={hintClass}>
                {TEAM_TEXTS.ownStatus}
              </p>
            ) : null}
          </Field>
        </div>
        {adding ? (
          <p className={hintClass}>
            A conta do novo membro é criada agora, com uma senha provisória mostrada uma única vez.
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
