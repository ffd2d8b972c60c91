import { Mail, ShieldCheck } from 'lucide-react';
import { Dialog } from '../../../ui/Dialog';
import { EMAIL_MODAL } from '../landing-content';
import { SignupButton } from './shared';

/** Email integration: Gmail, Outlook or Yahoo accounts through OAuth 2.0 (spec §2). */
export function EmailModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={EMAIL_MODAL.title}
      icon={<Mail aria-hidden className="h-6 w-6" />}
      size="lg"
      hideCloseButton
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Fechar
          </button>
          <SignupButton />
        </>
      }
    >
      <div className="space-y-5">
        <p>{EMAIL_MODAL.intro}</p>
        <ul aria-label="Provedores suportados" className="flex flex-wrap gap-2">
          {EMAIL_MODAL.providers.map((provider) => (
            <li
              key={provider}
              className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200"
            >
              {provider}
            </li>
          ))}
        </ul>
        <div className="flex gap-3 rounded-xl border border-blue-100 bg-blue-50/70 p-4 dark:border-blue-900/60 dark:bg-blue-950/40">
          <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-blue-600 dark:text-blue-400" />
          <div>
            <h3 className="font-semibold text-slate-900 dark:text-white">{EMAIL_MODAL.securityTitle}</h3>
            <p className="mt-1 text-sm">{EMAIL_MODAL.security}</p>
          </div>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-white">{EMAIL_MODAL.benefitsTitle}</h3>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {EMAIL_MODAL.benefits.map(({ title, icon: Icon }) => (
              <li
                key={title}
                className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm font-medium text-slate-700 dark:bg-slate-800/70 dark:text-slate-200"
              >
                <Icon aria-hidden className="h-4 w-4 shrink-0 text-blue-600 dark:text-blue-400" />
                {title}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Dialog>
  );
}
