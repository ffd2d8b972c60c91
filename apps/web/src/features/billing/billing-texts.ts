/** Texts of the Owner's plan warnings (the dashboard banner), apart from the billing page's helpers. */
const numberFormat = new Intl.NumberFormat('pt-BR');
/** E.g. '1.234' (spec §9: pt-BR formats). */
export const formatCount = (value: number): string => numberFormat.format(value);

export const TRIAL_ENDED_BANNER =
  'Seu período de teste terminou. O envio de mensagens está bloqueado até a escolha de um plano.';

/** The Owner's banner when conversations of this month came in over the plan's limit. */
export function overLimitBanner(count: number, limitsLabel: string): string {
  return count === 1
    ? `1 conversa deste mês passou do limite do plano ${limitsLabel}. Ela foi recebida, mas só poderá ser respondida após o upgrade.`
    : `${formatCount(count)} conversas deste mês passaram do limite do plano ${limitsLabel}. Elas foram recebidas, mas só poderão ser respondidas após o upgrade.`;
}
