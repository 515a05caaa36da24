/** The realtime-removals feature's public face: the app-wide `content.removed` watcher. */
export { RemovalsWatcher } from './RemovalsWatcher.tsx';
