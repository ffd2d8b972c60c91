import { CircleCheck, Lightbulb, TriangleAlert } from 'lucide-react';
import { Dialog } from '../../../ui/Dialog';
import { PROBLEM_MODAL_BENEFITS, type ProblemCard } from '../landing-content';
import { SignupButton } from './shared';

/** Details of one problem: description, impact, solution and the three fixed benefits (spec §2). */
export function ProblemModal({ problem, onClose }: { problem: ProblemCard | null; onClose: () => void }) {
  const Icon = problem?.icon;
  return (
    <Dialog
      open={problem !== null}
      onClose={onClose}
      title={problem?.title}
      icon={Icon ? <Icon aria-hidden className="h-6 w-6" /> : undefined}
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
      {problem ? (
        <div className="space-y-5">
          <p>{problem.description}</p>
          <div className="rounded-xl border border-red-100 bg-red-50/70 p-4 dark:border-red-900/50 dark:bg-red-950/30">
            <h3 className="flex items-center gap-2 font-semibold text-red-700 dark:text-red-300">
              <TriangleAlert aria-hidden className="h-5 w-5" />
              Impacto
            </h3>
            <p className="mt-1.5 text-red-900/80 dark:text-red-100/80">{problem.impact}</p>
          </div>
          <div className="rounded-xl border border-emerald-100 bg-emerald-50/70 p-4 dark:border-emerald-900/50 dark:bg-emerald-950/30">
            <h3 className="flex items-center gap-2 font-semibold text-emerald-700 dark:text-emerald-300">
              <Lightbulb aria-hidden className="h-5 w-5" />
              Solução
            </h3>
            <p className="mt-1.5 text-emerald-900/80 dark:text-emerald-100/80">{problem.solution}</p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-3" aria-label="Benefícios">
            {PROBLEM_MODAL_BENEFITS.map((benefit) => (
              <li
                key={benefit}
                className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm font-medium text-slate-700 dark:bg-slate-800/70 dark:text-slate-200"
              >
                <CircleCheck aria-hidden className="h-4 w-4 shrink-0 text-blue-600 dark:text-blue-400" />
                {benefit}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Dialog>
  );
}
