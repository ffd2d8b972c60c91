import { FEATURES } from '../landing-content';
import { SectionHeading } from './shared';

/** The solutions (#features): one card per claim of spec §1. */
export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-16 bg-white py-20 sm:py-28 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Soluções"
          title="Tudo o que sua equipe precisa para atender bem"
        >
          Uma plataforma completa para centralizar canais, organizar a equipe e medir resultados.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, description, icon: Icon }) => (
            <li
              key={title}
              className="card group p-6 transition duration-200 hover:-translate-y-1 hover:border-blue-200 hover:shadow-lg dark:hover:border-blue-700"
            >
              <span
                aria-hidden="true"
                className="flex h-12 w-12 items-center justify-center rounded-xl bg-linear-to-br from-blue-500 to-indigo-600 text-white shadow-md shadow-blue-600/20 transition group-hover:scale-110"
              >
                <Icon className="h-6 w-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
