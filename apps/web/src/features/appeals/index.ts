/**
 * The appeals feature's public face: the appeal button and dialog for an owner's taken-down item
 * (the standing screen), the console's tab. The suspended account's form is routed through
 * app/screen-chunks.ts.
 */
export { AppealButton, type AppealButtonProps } from './AppealButton.tsx';
export { AppealsTab } from './AppealsTab.tsx';
// Sign-in's link to the suspension appeal, shown when it answers account_suspended.
export { SuspendedAppealLink } from './SuspendedAppealLink.tsx';
