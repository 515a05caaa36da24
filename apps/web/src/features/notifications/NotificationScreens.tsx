/*
 * The list and the settings in one chunk: each screen's chunk is another file name in the first
 * page's preload map (app/screen-chunks.ts), and the two share most of their code and texts.
 */
export { NotificationsScreen } from './NotificationsScreen.tsx';
export { NotificationSettingsScreen } from './NotificationSettingsScreen.tsx';
