/** The sidebar's collapsed / expanded choice, remembered in this browser. */
export const SIDEBAR_COLLAPSED_KEY = 'atende:sidebar-collapsed';

export function readSidebarCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeSidebarCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(collapsed));
  } catch {
    // storage disabled: the choice lasts until the page is left
  }
}
