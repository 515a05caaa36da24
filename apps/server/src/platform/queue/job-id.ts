import { createHash } from 'node:crypto';

/**
 * A job id (a uuid, as the queue wants) derived from what names one step of one piece of work:
 * queuing the same step twice (a request retried, a transaction replayed) is then a no-op for
 * the queue.
 */
export function jobIdFor(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
