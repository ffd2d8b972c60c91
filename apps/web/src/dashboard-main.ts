import { applyStartupTheme } from './features/theme/themeStorage';
import './styles.css';

// The entry of /dashboard's page (dashboard.html), the page every sign-in lands on: its frame and
// greeting are pre-rendered in it (build/app-pages.mjs) and paint with the HTML; the whole app, and
// the overview screen the router asks for next, are fetched once that has painted, not before.

// The member's theme at once: a dark-theme member's frame then rarely paints light first.
applyStartupTheme();
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./app/start-app').then(({ startApp }) => startApp());
    void import('./features/dashboard/OverviewPage');
  }, 0);
});
