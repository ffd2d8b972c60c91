import type { ReactNode } from 'react';
import { ArrowLeft, MessagesSquare, ShieldCheck, Users, Zap } from 'lucide-react';
import { Link } from 'react-router';

const highlights = [
  { icon: MessagesSquare, text: 'WhatsApp, Telegram e outros canais em uma única caixa de entrada' },
  { icon: Users, text: 'Sua equipe atendendo junto, cada um com sua função' },
  { icon: Zap, text: 'Respostas mais rápidas com sugestões inteligentes' },
  { icon: ShieldCheck, text: 'Seus dados protegidos, em conformidade com a LGPD' },
];

function Brand({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 text-xl font-bold tracking-tight">
      <span
        className={
          inverted
            ? 'flex h-9 w-9 items-center justify-center rounded-xl bg-white/15 text-white ring-1 ring-white/30'
            : 'flex h-9 w-9 items-center justify-center rounded-xl bg-blue-600 text-white shadow-sm'
        }
      >
        <MessagesSquare aria-hidden className="h-5 w-5" />
      </span>
      <span className={inverted ? 'text-white' : 'text-slate-900 dark:text-white'}>Atende</span>
    </span>
  );
}

/**
 * The frame of the public account screens (login, sign-up): the brand panel with the highlights on
 * wide screens, 'Voltar ao site' and the screen's card in the middle.
 */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen bg-slate-50 dark:bg-slate-950">
      <aside className="relative hidden w-[44%] max-w-2xl flex-col justify-between overflow-hidden bg-linear-to-br from-blue-600 via-blue-700 to-indigo-800 p-12 text-white lg:flex dark:from-blue-900 dark:via-slate-900 dark:to-indigo-950">
        <div
          aria-hidden
          className="pointer-events-none absolute -top-24 -right-24 h-72 w-72 rounded-full bg-white/10 blur-2xl"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -bottom-32 -left-16 h-80 w-80 rounded-full bg-indigo-400/20 blur-3xl"
        />
        <Brand inverted />
        <div className="relative">
          <p className="text-3xl leading-tight font-bold xl:text-4xl">
            Todo o seu atendimento em um só lugar.
          </p>
          <ul className="mt-8 space-y-4">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-blue-50">
                <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-white/15">
                  <Icon aria-hidden className="h-4 w-4" />
                </span>
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-blue-100/80">
          Caixa de entrada unificada para empresas brasileiras.
        </p>
      </aside>

      <main className="flex flex-1 flex-col px-4 pt-6 pb-20 sm:px-8 sm:pb-6">
        <div>
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-lg px-2 py-1 text-sm font-medium text-slate-600 transition hover:bg-slate-200/60 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <ArrowLeft aria-hidden className="h-4 w-4" />
            Voltar ao site
          </Link>
        </div>

        <div className="flex flex-1 items-center justify-center py-8">
          <div className="w-full max-w-md">
            <div className="mb-6 flex justify-center lg:hidden">
              <Brand />
            </div>
            {children}
          </div>
        </div>
      </main>
    </div>
  );
}
