/**
 * The copyright feature's public face: the console's tab (the screens are routed through
 * app/screen-chunks.ts).
 */
export { CopyrightNoticesTab } from './CopyrightNoticesTab.tsx';
