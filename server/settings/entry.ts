// What other features may use of settings/ (decision 049): they import this file, never its others.
export { getSendingSettings, getSettingsTimezone, getSunsetMonths, settingsDefaults } from './settings.ts';
