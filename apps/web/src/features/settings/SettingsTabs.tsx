import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { SettingsTab } from './settingsSlice';
import { SETTINGS_TEXTS } from './texts';

export const tabId = (tab: SettingsTab) => `settings-tab-${tab}`;
export const panelId = (tab: SettingsTab) => `settings-panel-${tab}`;

/**
 * The sections as an accessible tablist: the selected tab is the one in the Tab order, arrow
 * keys (and Home/End) move between tabs and select them, the panel is named by its tab.
 */
export function SettingsTabs({
  tabs,
  selected,
  onSelect,
  children,
}: {
  tabs: readonly SettingsTab[];
  selected: SettingsTab;
  onSelect: (tab: SettingsTab) => void;
  children: ReactNode;
}) {
  const refs = useRef<Partial<Record<SettingsTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab);
    refs.current[tab]?.focus();
  };

  return (
    <div className="card overflow-hidden">
      <div
        role="tablist"
        aria-label={SETTINGS_TEXTS.tabsLabel}
        className="flex overflow-x-auto border-b border-slate-200 dark:border-blue-900/60"
      >
        {tabs.map((tab) => {
          const active = tab === selected;
          return (
            <button
              key={tab}
              ref={(element) => {
                refs.current[tab] = element;
              }}
              id={tabId(tab)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId(tab)}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab)}
              onKeyDown={onKeyDown}
              className={`shrink-0 border-b-2 px-5 py-3 text-sm font-semibold transition ${
                active
                  ? 'border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300'
                  : 'border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100'
              }`}
            >
              {SETTINGS_TEXTS.tabs[tab]}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
        tabIndex={0}
        className="p-6 focus-visible:outline-none"
      >
        {children}
      </div>
    </div>
  );
}
