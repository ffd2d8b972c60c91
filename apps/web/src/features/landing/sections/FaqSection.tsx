import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { FAQ } from '../landing-content';
import { SectionHeading } from './shared';

/** Frequently asked questions (#faq): each question toggles its answer (disclosure pattern). */
export function FaqSection() {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (index: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <section
      id="faq"
      aria-labelledby="faq-title"
      className="scroll-mt-16 bg-white py-20 sm:py-28 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Perguntas Frequentes">
          Tudo o que você precisa saber antes de começar.
        </SectionHeading>
        <div className="mt-12 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-blue-900/40 dark:border-blue-900/60 dark:bg-slate-900">
          {FAQ.map((item, index) => {
            const open = expanded.has(index);
            const buttonId = `faq-question-${index}`;
            const answerId = `faq-answer-${index}`;
            return (
              <div key={item.question}>
                <h3>
                  <button
                    type="button"
                    id={buttonId}
                    aria-expanded={open}
                    aria-controls={answerId}
                    onClick={() => toggle(index)}
                    className="flex w-full items-center justify-between gap-4 px-6 py-5 text-left font-semibold text-slate-900 transition hover:bg-slate-50 dark:text-white dark:hover:bg-blue-950/40"
                  >
                    {item.question}
                    <ChevronDown
                      aria-hidden
                      className={`h-5 w-5 shrink-0 text-slate-400 transition-transform duration-200 ${open ? 'rotate-180 text-blue-600 dark:text-blue-400' : ''}`}
                    />
                  </button>
                </h3>
                <div
                  id={answerId}
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!open}
                  className="px-6 pb-5 text-slate-600 dark:text-slate-300"
                >
                  {item.answer}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
