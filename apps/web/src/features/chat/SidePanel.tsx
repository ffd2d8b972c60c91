import { Archive, ArrowRightLeft, Phone, Star } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useAppSelector } from '../../app/hooks';
import type { Conversation } from '../../api/types';
import { errorText } from '../../api/client';
import { withApi } from '../../server-state/with-api';
import { useGetTeamQuery } from '../team/team-endpoints';
import { ContactDataActions } from './ContactDataActions';
import { useConversationCommands } from './useConversationCommands';
import { customerNameOf, phoneOf, selectPanel } from './selectors';

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

/** 'Avaliar com 1 estrela', 'Avaliar com 3 estrelas'. */
export const rateLabel = (n: number): string => `Avaliar com ${n} ${n === 1 ? 'estrela' : 'estrelas'}`;

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h3
      id={id}
      className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
    >
      {children}
    </h3>
  );
}

/**
 * 'Transferir': to one of the workspace's active members, from the team list Equipe reads too
 * (GET /api/team, asked once while the cache keeps it; an agent may be refused: the error is shown).
 */
function TransferFormView({
  conversationId,
  row,
}: {
  conversationId: string;
  row: Conversation | undefined;
}) {
  const commands = useConversationCommands(conversationId, !!row?.assigneeId);
  const team = useGetTeamQuery(undefined, { refetchOnMountOrArgChange: false });
  const panel = useAppSelector((state) => selectPanel(state, conversationId));
  const [assigneeId, setAssigneeId] = useState('');
  const selectId = useId();
  const ready = team.data !== undefined;
  const failed = team.error !== undefined && !team.isFetching;
  const members = useMemo(() => (team.data ?? []).filter((m) => m.status === 'active'), [team.data]);

  const candidates = members.filter((m) => m.id !== row?.assigneeId);
  const current = row?.assigneeId ? members.find((m) => m.id === row.assigneeId) : undefined;

  // 'Transferir' is only aria-disabled: a disabled button would drop the keyboard's focus as the
  // transfer starts (WCAG 2.4.3), so the form itself refuses to send.
  const blocked = !assigneeId || panel?.pending === 'transfer';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    commands.transfer(assigneeId);
    setAssigneeId('');
  };

  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <h4 className="flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        <ArrowRightLeft aria-hidden className="h-4 w-4" />
        Transferir
      </h4>
      {current ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">Responsável: {current.name}</p>
      ) : null}
      {failed ? (
        <div className="space-y-1 text-xs">
          <p role="alert" className="text-red-600 dark:text-red-400">
            {errorText(team.error)}
          </p>
          <button
            type="button"
            onClick={() => void team.refetch()}
            className="font-semibold text-blue-700 underline underline-offset-2 dark:text-blue-300"
          >
            Carregar equipe novamente
          </button>
        </div>
      ) : (
        <>
          <label htmlFor={selectId} className="sr-only">
            Transferir para
          </label>
          <select
            id={selectId}
            value={assigneeId}
            onChange={(event) => setAssigneeId(event.target.value)}
            disabled={!ready || panel?.pending === 'transfer'}
            className="input py-1.5 text-sm"
          >
            <option value="">{ready ? 'Selecione um membro' : 'Carregando equipe...'}</option>
            {candidates.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name} ({member.role})
              </option>
            ))}
          </select>
          <button
            type="submit"
            aria-disabled={blocked}
            className="btn-secondary w-full px-3 py-1.5 text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          >
            {panel?.pending === 'transfer' ? 'Transferindo...' : 'Transferir'}
          </button>
        </>
      )}
    </form>
  );
}

const TransferForm = withApi(TransferFormView);

function Rating({ conversationId, rating }: { conversationId: string; rating: number | null }) {
  const commands = useConversationCommands(conversationId, false);
  const pending = useAppSelector((state) => selectPanel(state, conversationId)?.pending === 'rate');
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-2">
      <h4
        id={headingId}
        className="flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-100"
      >
        <Star aria-hidden className="h-4 w-4" />
        Avaliação
      </h4>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            aria-label={rateLabel(n)}
            aria-pressed={rating === n}
            title={rateLabel(n)}
            // aria-disabled, not disabled: the star pressed keeps the keyboard's focus while it saves.
            aria-disabled={pending}
            onClick={() => {
              if (!pending) commands.rate(n);
            }}
            className="rounded p-0.5 text-amber-400 transition hover:scale-110 aria-disabled:opacity-50"
          >
            <Star aria-hidden className={cx('h-5 w-5', rating !== null && n <= rating && 'fill-current')} />
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The collapsible side panel (spec §2): 'Ações' — Transferir, Avaliação, Arquivar, real commands
 * whose answers update the conversation row — and 'Contato' (name, phone, online; for the Owner and
 * Admins, the contact's data export and erasure under LGPD).
 */
export function SidePanel({
  id,
  conversationId,
  row,
  overlay,
}: {
  id: string;
  conversationId: string;
  row: Conversation | undefined;
  /** In a narrow window the panel covers the messages instead of sitting beside them. */
  overlay: boolean;
}) {
  const commands = useConversationCommands(conversationId, !!row?.assigneeId);
  const panel = useAppSelector((state) => selectPanel(state, conversationId));
  const actionsId = useId();
  const contactId = useId();
  const phone = phoneOf(row?.customerId);

  return (
    <aside
      id={id}
      aria-label="Detalhes da conversa"
      className={cx(
        'flex w-64 shrink-0 flex-col gap-6 overflow-y-auto border-l border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900',
        overlay && 'absolute inset-y-0 right-0 z-10 shadow-xl',
      )}
    >
      <section aria-labelledby={actionsId} className="space-y-5">
        <Heading id={actionsId}>Ações</Heading>
        <TransferForm conversationId={conversationId} row={row} />
        <Rating conversationId={conversationId} rating={row?.rating ?? null} />
        <div className="space-y-2">
          <button
            type="button"
            onClick={() => commands.archive()}
            disabled={panel?.pending === 'archive'}
            className="btn-secondary w-full px-3 py-1.5 text-sm"
          >
            <Archive aria-hidden className="h-4 w-4" />
            {panel?.pending === 'archive' ? 'Arquivando...' : 'Arquivar'}
          </button>
        </div>
        {panel?.notice ? (
          <p
            role={panel.notice.kind === 'error' ? 'alert' : 'status'}
            className={cx(
              'rounded-lg px-3 py-2 text-xs',
              panel.notice.kind === 'error'
                ? 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-200'
                : 'bg-green-50 text-green-700 dark:bg-green-500/15 dark:text-green-200',
            )}
          >
            {panel.notice.text}
          </p>
        ) : null}
      </section>

      <section aria-labelledby={contactId} className="space-y-2 text-sm">
        <Heading id={contactId}>Contato</Heading>
        <p className="font-semibold text-slate-900 dark:text-white">{customerNameOf(row)}</p>
        {phone ? (
          <p className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
            <Phone aria-hidden className="h-4 w-4" />
            {phone}
          </p>
        ) : null}
        <p className="flex items-center gap-2 text-green-700 dark:text-green-300">
          <span aria-hidden className="h-2 w-2 rounded-full bg-green-500" />
          Online
        </p>
        <ContactDataActions conversationId={conversationId} row={row} />
      </section>
    </aside>
  );
}
