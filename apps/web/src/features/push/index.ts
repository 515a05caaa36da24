/**
 * Web Push on this browser (issue 28): the notification settings screen shows `PushSection`;
 * the service worker that shows the pushes is apps/web/public/sw.js.
 */
export { PushSection } from './PushSection.tsx';
