import { Check, Copy, KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import type { NewCredentials } from './teamSlice';
import { TEAM_TEXTS } from './types';

/** Spec §9: copy confirmations last 2 s. */
export const COPIED_FEEDBACK_MS = 2_000;

/**
 * After 'Adicionar' (a new account) or 'Redefinir senha' (an existing member): the one-time password,
 * shown once with a copy button. Closing forgets it (the server only kept its hash).
 */
export function CredentialsDialog({
  credentials,
  onClose,
}: {
  credentials: NewCredentials;
  onClose: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyPassword = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(credentials.password);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={credentials.reason === 'reset' ? 'Senha redefinida' : 'Membro adicionado'}
      description={`Dados de acesso de ${credentials.name}`}
      icon={<KeyRound aria-hidden className="h-5 w-5" />}
      closeOnBackdropClick={false}
      footer={
        <button type="button" className="btn-primary" onClick={onClose}>
          Concluir
        </button>
      }
    >
      <div className="space-y-4">
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Email</p>
          <p className="font-mono text-sm text-slate-900 dark:text-white">{credentials.email}</p>
        </div>
        <div>
          <label
            htmlFor={`${id}-password`}
            className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Senha provisória
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id={`${id}-password`}
              readOnly
              className="input font-mono"
              value={credentials.password}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="btn-secondary shrink-0 px-3" onClick={copyPassword}>
              {copy === 'copied' ? (
                <Check aria-hidden className="h-4 w-4" />
              ) : (
                <Copy aria-hidden className="h-4 w-4" />
              )}
              {copy === 'copied' ? 'Copiada!' : 'Copiar senha'}
            </button>
          </div>
          <p role="status" className="mt-1 min-h-5 text-xs text-slate-500 dark:text-slate-400">
            {copy === 'failed' ? 'Não foi possível copiar. Selecione a senha e copie manualmente.' : ''}
          </p>
        </div>
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/15 dark:text-amber-200">
          {credentials.reason === 'reset' ? TEAM_TEXTS.resetPasswordNote : TEAM_TEXTS.passwordNote}
        </p>
      </div>
    </Dialog>
  );
}
