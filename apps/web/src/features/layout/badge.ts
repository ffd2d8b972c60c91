/** The menu badges' cap (spec §9: '99+' in the menu). */
export const MENU_BADGE_CAP = 99;

/**
 * A count as a menu badge shows it: nothing for 0 (or anything that is not a positive count),
 * the number up to the cap, then '{cap}+'.
 */
export function formatBadgeCount(count: number | null | undefined, cap = MENU_BADGE_CAP): string | null {
  if (typeof count !== 'number' || !Number.isFinite(count) || count < 1) return null;
  const whole = Math.floor(count);
  return whole > cap ? `${cap}+` : String(whole);
}
