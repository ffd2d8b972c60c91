import type { TagsInput } from './commands.js';

/** Splits on commas (when given one string), trims, drops empties and repeats, keeping the first spelling. */
export function normaliseTags(input: TagsInput | undefined): string[] {
  if (input === undefined) return [];
  const raw = typeof input === 'string' ? input.split(',') : input.flatMap((t) => t.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of raw.map((t) => t.trim())) {
    const key = tag.toLocaleLowerCase('pt-BR');
    if (tag && !seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}
