import { lazy, Suspense } from 'react';
import { useIdleAfterLoad } from '../../lib/idle.ts';

/*
 * The part of the bell in the first page's bundle, kept to a few bytes (scripts/bundle-budget.mjs):
 * the bell, its texts, its count and its live updates come in a chunk fetched once the page is
 * idle, like the other background work (lib/idle.ts). Until then an empty box holds its place.
 */
const BellLink = lazy(() => import('./BellLink.tsx'));

/**
 * The bell with the unread count: `rail` for the desktop rail's row, else a header's icon. The
 * rail's bell also keeps the count current from the socket: the rail is mounted on every
 * signed-in screen (hidden, not gone, on a phone).
 */
export function NotificationBell({ rail }: { rail?: boolean }) {
  const space = <span className={rail ? 'block min-h-12' : 'size-11'} />;
  return useIdleAfterLoad() ? (
    <Suspense fallback={space}>
      <BellLink rail={rail} />
    </Suspense>
  ) : (
    space
  );
}
