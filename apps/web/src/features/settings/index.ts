/** The settings feature's public face: the screen is reached by its route (app/screen-chunks.ts). */
export { SettingsLink } from './SettingsLink.tsx';
