/** The account's standing screen (settings): routed through app/screen-chunks.ts. */
export { AccountStandingScreen } from './AccountStandingScreen.tsx';
// A suspended account's standing (appeals' /appeal, by the refused sign-in's token).
export { StandingSections } from './StandingSections.tsx';
