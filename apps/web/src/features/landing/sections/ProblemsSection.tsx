import { useState } from 'react';
import { ArrowRight } from 'lucide-react';
import { PROBLEMS, type ProblemCard } from '../landing-content';
import { ProblemModal } from './ProblemModal';
import { SectionHeading } from './shared';

function ProblemCardButton({ problem, onOpen }: { problem: ProblemCard; onOpen: () => void }) {
  const Icon = problem.icon;
  const descriptionId = `problem-${problem.id}-description`;
  // The card's button is its title, stretched over the card (its name is what it shows).
  return (
    <div className="group card relative flex h-full flex-col p-6 text-left transition duration-200 hover:-translate-y-1 hover:border-red-200 hover:shadow-xl hover:shadow-red-900/5 dark:hover:border-red-900/60">
      <span className="flex w-full items-start justify-between gap-4">
        <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-red-50 text-red-600 ring-1 ring-red-100 dark:bg-red-950/50 dark:text-red-400 dark:ring-red-900/60">
          <Icon aria-hidden className="h-6 w-6" />
        </span>
        <span className="text-4xl font-extrabold tracking-tight text-red-600 dark:text-red-400">
          {problem.stat}
        </span>
      </span>
      <button
        type="button"
        onClick={onOpen}
        aria-haspopup="dialog"
        aria-describedby={descriptionId}
        className="stretched-action mt-6 block text-left text-lg font-semibold text-slate-900 [--stretched-radius:var(--radius-2xl)] dark:text-white"
      >
        {problem.title}
      </button>
      <span id={descriptionId} className="mt-2 block flex-1 text-slate-600 dark:text-slate-300">
        {problem.description}
      </span>
      <span className="mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-blue-600 dark:text-blue-400">
        Ver a solução
        <ArrowRight aria-hidden className="h-4 w-4 transition group-hover:translate-x-1" />
      </span>
    </div>
  );
}

/** The problems (#problems): one card per §1 figure, each opening the problem modal. */
export function ProblemsSection() {
  const [openId, setOpenId] = useState<string | null>(null);
  const selected = PROBLEMS.find((problem) => problem.id === openId) ?? null;
  return (
    <section
      id="problems"
      aria-labelledby="problems-title"
      className="scroll-mt-16 bg-white py-20 sm:py-28 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="problems-title" eyebrow="Problemas" title="O atendimento espalhado custa caro">
          Mensagens em vários aplicativos, clientes esperando e uma equipe sem visibilidade. Clique em um
          problema para ver como o Atende resolve.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {PROBLEMS.map((problem) => (
            <li key={problem.id}>
              <ProblemCardButton problem={problem} onOpen={() => setOpenId(problem.id)} />
            </li>
          ))}
        </ul>
      </div>
      <ProblemModal problem={selected} onClose={() => setOpenId(null)} />
    </section>
  );
}
