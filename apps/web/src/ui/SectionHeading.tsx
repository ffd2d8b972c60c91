import type { LucideIcon } from 'lucide-react';

/** A settings section's title with its icon, and the sentence under it (the section is labelled by `id`). */
export function SectionHeading(props: { id: string; icon: LucideIcon; heading: string; intro: string }) {
  const Icon = props.icon;
  return (
    <>
      <h3
        id={props.id}
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
      >
        <Icon aria-hidden className="h-4 w-4 text-blue-600 dark:text-blue-300" />
        {props.heading}
      </h3>
      <p className="mt-1 max-w-prose text-sm text-slate-500 dark:text-slate-400">{props.intro}</p>
    </>
  );
}
