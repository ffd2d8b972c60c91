import { startApp } from './app/start-app';
import { applyStartupTheme } from './features/theme/themeStorage';
import './styles.css';

// The whole app's entry (index.html): every page but the public ones and /dashboard's (dashboard-main.ts).
applyStartupTheme();
void startApp();
