export const OVER_LIMIT_TEXT = 'Acima do limite';
export const OVER_LIMIT_TITLE =
  'Esta conversa começou depois do limite de conversas do plano neste mês: ela foi recebida, mas só poderá ser respondida após o upgrade.';

/** 'Acima do limite' for a conversation that started beyond the month's plan limit (`overLimitMonth`). */
export function OverLimitBadge({ month }: { month: string | null | undefined }) {
  if (!month) return null;
  return (
    <span
      title={OVER_LIMIT_TITLE}
      data-testid="over-limit-badge"
      className="inline-flex shrink-0 items-center rounded-full bg-amber-100 px-1.5 py-0.5 text-[10px] leading-none font-semibold text-amber-800 dark:bg-amber-500/20 dark:text-amber-200"
    >
      {OVER_LIMIT_TEXT}
    </span>
  );
}
