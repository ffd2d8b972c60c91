import { CheckCheck, CircleCheck, Mail, MessageCircle, MessagesSquare, Send, Sparkles } from 'lucide-react';
import { HERO, TRIAL_CLAIMS } from '../landing-content';
import { SignupButton } from './shared';

const PREVIEW = [
  {
    name: 'Mariana Costa',
    message: 'Olá! O pedido 4821 já saiu para entrega?',
    time: 'Agora',
    unread: 2,
    icon: MessageCircle,
    tone: 'bg-emerald-500',
  },
  {
    name: 'Loja Bom Preço',
    message: 'Perfeito, pode emitir a nota fiscal.',
    time: '09:42',
    unread: 0,
    icon: Send,
    tone: 'bg-sky-500',
  },
  {
    name: 'Rafael Lima',
    message: 'Vocês atendem aos sábados?',
    time: '09:15',
    unread: 1,
    icon: MessagesSquare,
    tone: 'bg-indigo-500',
  },
  {
    name: 'financeiro@cliente.com.br',
    message: 'Segue o comprovante do pagamento.',
    time: 'Ontem',
    unread: 0,
    icon: Mail,
    tone: 'bg-amber-500',
  },
] as const;

/** A decorative preview of the unified inbox. */
function InboxPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md min-w-0 lg:max-w-none">
      <div className="absolute -inset-4 rounded-[2rem] bg-linear-to-tr from-blue-500/20 via-indigo-500/10 to-emerald-400/20 blur-2xl dark:from-blue-500/25 dark:to-emerald-400/10" />
      <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-blue-900/10 dark:border-blue-900/60 dark:bg-slate-900 dark:shadow-black/40">
        <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <div>
            <p className="text-sm font-semibold text-slate-900 dark:text-white">Caixa de entrada</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">Todos os canais · 4 conversas</p>
          </div>
          <div className="flex gap-1.5">
            <span className="h-2.5 w-2.5 rounded-full bg-red-400" />
            <span className="h-2.5 w-2.5 rounded-full bg-amber-400" />
            <span className="h-2.5 w-2.5 rounded-full bg-emerald-400" />
          </div>
        </div>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {PREVIEW.map((row) => {
            const Icon = row.icon;
            return (
              <li key={row.name} className="flex items-center gap-3 px-5 py-3.5">
                <div className="relative">
                  <div className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                    {row.name.charAt(0).toUpperCase()}
                  </div>
                  <span
                    className={`absolute -right-1 -bottom-1 flex h-5 w-5 items-center justify-center rounded-full text-white ring-2 ring-white dark:ring-slate-900 ${row.tone}`}
                  >
                    <Icon className="h-3 w-3" />
                  </span>
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">
                      {row.name}
                    </p>
                    <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{row.time}</span>
                  </div>
                  <div className="mt-0.5 flex items-center justify-between gap-2">
                    <p className="truncate text-sm text-slate-500 dark:text-slate-400">{row.message}</p>
                    {row.unread > 0 ? (
                      <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-blue-600 px-1.5 text-xs font-semibold text-white">
                        {row.unread}
                      </span>
                    ) : (
                      <CheckCheck className="h-4 w-4 shrink-0 text-blue-500" />
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
        <div className="flex items-center gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3 text-xs text-slate-500 dark:border-slate-800 dark:bg-slate-950/50 dark:text-slate-400">
          <Sparkles className="h-4 w-4 text-indigo-500" />
          Sugestão: “Olá, Mariana! Seu pedido sai para entrega hoje.”
        </div>
      </div>
    </div>
  );
}

/** Headline about unifying channels, the sign-up button, 'Agendar Demo' and the trial claim. */
export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_top,var(--color-blue-100),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_top,var(--color-blue-950),transparent)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:grid-cols-[1.1fr_1fr] lg:px-8 lg:pb-28">
        <div className="min-w-0 text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-blue-50 px-3 py-1 text-xs font-medium text-blue-700 sm:text-sm dark:border-blue-800 dark:bg-blue-950/60 dark:text-blue-300">
            <Sparkles aria-hidden className="h-4 w-4" />
            {HERO.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl xl:text-[3.6rem] xl:leading-[1.05] dark:text-white"
          >
            {HERO.title}{' '}
            <span className="bg-linear-to-r from-blue-600 to-indigo-500 bg-clip-text text-transparent dark:from-blue-400 dark:to-indigo-300">
              {HERO.highlight}
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-slate-600 lg:mx-0 dark:text-slate-300">
            {HERO.text}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <SignupButton className="px-6 py-3 text-base" />
            <button type="button" className="btn-secondary px-6 py-3 text-base">
              {HERO.demo}
            </button>
          </div>
          <ul
            aria-label="Teste grátis"
            className="mt-8 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-slate-600 lg:justify-start dark:text-slate-300"
          >
            {TRIAL_CLAIMS.map((claim) => (
              <li key={claim} className="flex items-center gap-1.5">
                <CircleCheck aria-hidden className="h-4 w-4 text-emerald-500" />
                {claim}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-slate-500 dark:text-slate-400">{HERO.socialProof}</p>
        </div>
        <InboxPreview />
      </div>
    </section>
  );
}
