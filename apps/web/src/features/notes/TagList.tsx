/** A note's tags as small chips (a list named 'Tags'). */
export function TagList({ tags, className = '' }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-1 ${className}`}>
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] text-slate-600 dark:bg-slate-800 dark:text-slate-300"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
