/** Route of spec §2 (/dashboard/settings): the Configurações screen lives in features/settings. */
export { default } from '../settings/SettingsPage';
