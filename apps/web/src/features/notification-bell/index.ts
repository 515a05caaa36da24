/**
 * The notification bell's public face: the bell, whose code, count and live updates load once
 * the page is idle (the first page's bundle has no room for them). Its cache keys are built on
 * lib/query-policy.ts's shared root, which the notifications screen uses too.
 */
export { NotificationBell } from './NotificationBell.tsx';
