import { useState } from 'react';
import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { cn } from '../../ui/cn.ts';
import { useMe } from '../auth/index.ts';

// Its code and texts load only for a user who has something to confirm.
const EmailNotice = lazyPart(() => import('./EmailNotice.tsx').then((m) => m.EmailNotice));

/**
 * The notice for a signed-in user whose address is not confirmed yet (settings, the own
 * profile). Nothing for a confirmed address; one that becomes confirmed while it shows keeps
 * its place to say so.
 */
export function UnverifiedEmailNotice({ className }: { className?: string }) {
  const me = useMe().data;
  const unconfirmed = me?.email_verified === false;
  const [shown, setShown] = useState(unconfirmed);
  if (unconfirmed && !shown) setShown(true);
  if (!shown || !me) return null;
  return (
    <div className={cn('min-w-0', className)}>
      <EmailNotice />
    </div>
  );
}
