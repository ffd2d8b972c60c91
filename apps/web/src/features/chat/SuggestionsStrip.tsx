import { RefreshCw, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Suggestion } from './suggestions-endpoints';
import {
  nextSuggestionsOffset,
  requestSuggestions,
  selectSuggestionsEntry,
  suggestionsView,
} from './suggestions-endpoints';
import { SUGGESTIONS_ERROR_TEXT } from './texts';

const CATEGORY_STYLES: Record<Suggestion['category'], string> = {
  greeting: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200',
  support: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200',
  product: 'bg-violet-100 text-violet-800 dark:bg-violet-500/20 dark:text-violet-200',
  other: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

function SuggestionChip({ suggestion, onPick }: { suggestion: Suggestion; onPick: (text: string) => void }) {
  const labelId = useId();
  // The chip's button is its text, stretched over the chip: named after what it shows (WCAG 2.5.3),
  // the category beside it is its description.
  return (
    <li className="relative flex max-w-72 shrink-0 items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-xs text-slate-700 transition hover:border-blue-400 hover:bg-blue-50 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200 dark:hover:border-blue-500 dark:hover:bg-slate-700">
      <button
        type="button"
        aria-describedby={labelId}
        title={suggestion.text}
        onClick={() => onPick(suggestion.text)}
        className="stretched-action truncate text-left [--stretched-radius:9999px]"
      >
        {suggestion.text}
      </button>
      <span
        id={labelId}
        className={`shrink-0 rounded-full px-2 py-0.5 text-[10px] font-semibold ${CATEGORY_STYLES[suggestion.category]}`}
      >
        {suggestion.categoryLabel}
      </span>
    </li>
  );
}

/**
 * AI reply suggestions (spec §4): five appear about 1 s after the window opens, 'Gerar mais
 * sugestões' asks for others, a click puts the text in the textarea; a failure offers a retry.
 */
export function SuggestionsStrip({
  conversationId,
  onPick,
}: {
  conversationId: string;
  onPick: (text: string) => void;
}) {
  const dispatch = useAppDispatch();
  const entry = suggestionsView(useAppSelector((state) => selectSuggestionsEntry(state, conversationId)));
  const busy = entry.status === 'waiting' || entry.status === 'loading';

  const more = () =>
    void dispatch(
      requestSuggestions(conversationId, entry.items.length ? nextSuggestionsOffset(entry.offset) : 0),
    );

  return (
    <section
      aria-label="Sugestões de resposta"
      className="border-t border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center gap-2">
        <Sparkles aria-hidden className="h-4 w-4 shrink-0 text-blue-500" />
        <div className="min-w-0 flex-1">
          {entry.status === 'failed' ? (
            <div className="flex flex-wrap items-center gap-2 text-xs">
              <p role="alert" className="text-red-600 dark:text-red-400">
                {SUGGESTIONS_ERROR_TEXT}
              </p>
              <button
                type="button"
                onClick={() => void dispatch(requestSuggestions(conversationId, entry.requestedOffset))}
                className="font-semibold text-red-700 underline underline-offset-2 dark:text-red-300"
              >
                Tentar novamente
              </button>
            </div>
          ) : busy ? (
            <p role="status" className="text-xs text-slate-500 dark:text-slate-400">
              Gerando sugestões...
            </p>
          ) : entry.status === 'ready' && entry.items.length === 0 ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">Nenhuma sugestão disponível</p>
          ) : entry.status === 'ready' ? (
            <ul aria-label="Sugestões" className="flex gap-2 overflow-x-auto pb-1">
              {entry.items.map((suggestion) => (
                <SuggestionChip key={suggestion.id} suggestion={suggestion} onPick={onPick} />
              ))}
            </ul>
          ) : null}
        </div>
        <button
          type="button"
          onClick={more}
          disabled={busy}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold text-blue-700 transition hover:bg-blue-50 disabled:cursor-not-allowed disabled:opacity-50 dark:text-blue-300 dark:hover:bg-slate-800"
        >
          <RefreshCw aria-hidden className={`h-3.5 w-3.5 ${busy ? 'motion-safe:animate-spin' : ''}`} />
          Gerar mais sugestões
        </button>
      </div>
    </section>
  );
}
