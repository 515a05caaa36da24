/** The moderation console (/admin): routed through app/screen-chunks.ts as its own chunk. */
export { ModerationConsoleScreen } from './ModerationConsoleScreen.tsx';
