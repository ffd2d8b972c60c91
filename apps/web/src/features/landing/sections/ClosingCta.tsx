import { CLOSING_CTA } from '../landing-content';
import { SignupButton } from './shared';

/** The closing call to action: the sign-up button and 'Falar com Vendas' (no action). */
export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-linear-to-br from-blue-600 via-blue-700 to-indigo-800 px-6 py-16 text-center shadow-2xl shadow-blue-900/30 sm:px-16 dark:from-blue-800 dark:via-blue-900 dark:to-indigo-950 dark:ring-1 dark:ring-blue-700/50">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 -z-10 h-72 w-72 rounded-full bg-white/10 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-24 -left-24 -z-10 h-72 w-72 rounded-full bg-indigo-400/20 blur-3xl"
        />
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {CLOSING_CTA.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-blue-100">{CLOSING_CTA.text}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <SignupButton className="bg-white px-6 py-3 text-base text-blue-700 hover:bg-blue-50 disabled:opacity-70" />
          <button
            type="button"
            className="inline-flex items-center justify-center gap-2 rounded-lg border border-white/40 px-6 py-3 text-base font-semibold text-white transition hover:bg-white/10"
          >
            {CLOSING_CTA.sales}
          </button>
        </div>
      </div>
    </section>
  );
}
