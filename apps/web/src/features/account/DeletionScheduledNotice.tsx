import { useState } from 'react';
import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { cn } from '../../ui/cn.ts';
import { useMe } from '../auth/index.ts';

// Its code and texts load only for a user whose account is being deleted.
const DeletionBanner = lazyPart(() => import('./DeletionBanner.tsx').then((m) => m.DeletionBanner));

/**
 * The banner of a signed-in user whose account is being deleted: when, and Keep my account.
 * Nothing for anyone else; a banner whose account was just kept keeps its place to say so.
 */
export function DeletionScheduledNotice({ className }: { className?: string }) {
  const me = useMe().data;
  const scheduled = Boolean(me?.deletion_scheduled_for);
  const [shown, setShown] = useState(scheduled);
  if (scheduled && !shown) setShown(true);
  if (!shown || !me) return null;
  return (
    <div className={cn('min-w-0', className)}>
      <DeletionBanner />
    </div>
  );
}
