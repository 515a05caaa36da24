/**
 * The notifications feature's public face: its screens are reached by their routes
 * (app/screen-chunks.ts); a profile's menu offers to mute the person's notifications.
 */
export { useMuteMenuEntry, type MuteTarget } from './use-mute-menu-entry.tsx';
