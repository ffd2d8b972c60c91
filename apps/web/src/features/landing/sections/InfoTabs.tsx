import { useRef, useState, type KeyboardEvent } from 'react';
import { INFO_TABS } from '../landing-content';
import { SectionHeading } from './shared';

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): the benefits tab is selected by
 * default; ArrowLeft / ArrowRight move between tabs (wrapping), Home / End jump to the ends.
 */
export function InfoTabs() {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const count = INFO_TABS.length;
    const next = ((index % count) + count) % count;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: INFO_TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <section id="benefits" aria-labelledby="benefits-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="benefits-title"
          eyebrow="Por que o Atende"
          title="Mais resultado, menos esforço"
        />
        <div
          role="tablist"
          aria-label="Sobre o Atende"
          onKeyDown={onKeyDown}
          className="mx-auto mt-10 flex w-fit max-w-full gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 dark:bg-slate-900 dark:ring-1 dark:ring-blue-900/60"
        >
          {INFO_TABS.map((tab, index) => {
            const active = index === selected;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`tab-${tab.id}`}
                aria-selected={active}
                aria-controls={`tabpanel-${tab.id}`}
                tabIndex={active ? 0 : -1}
                onClick={() => setSelected(index)}
                className={`rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap transition sm:px-5 ${
                  active
                    ? 'bg-white text-blue-700 shadow-sm dark:bg-blue-600 dark:text-white'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {INFO_TABS.map((tab, index) => (
          <div
            key={tab.id}
            role="tabpanel"
            id={`tabpanel-${tab.id}`}
            aria-labelledby={`tab-${tab.id}`}
            tabIndex={0}
            hidden={index !== selected}
            className="mt-10 rounded-2xl"
          >
            <h3 className="text-center text-xl font-semibold text-slate-900 dark:text-white">
              {tab.heading}
            </h3>
            <ul className="mt-8 grid gap-5 sm:grid-cols-2">
              {tab.items.map(({ title, text, icon: Icon }) => (
                <li key={title} className="card flex gap-4 p-5">
                  <span
                    aria-hidden="true"
                    className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-600 ring-1 ring-blue-100 dark:bg-blue-950 dark:text-blue-300 dark:ring-blue-800/70"
                  >
                    <Icon className="h-5 w-5" />
                  </span>
                  <div>
                    <h4 className="font-semibold text-slate-900 dark:text-white">{title}</h4>
                    <p className="mt-1 text-slate-600 dark:text-slate-300">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
