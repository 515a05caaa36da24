import { useMe } from '../auth/index.ts';
import { cn } from '../../ui/cn.ts';

/** Spec 2: a small label with the signed-in user's name in lower case. */
export function UserNameLabel({ className }: { className?: string }) {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <span
      data-testid="user-name-label"
      className={cn('text-sm font-medium text-neutral-600', className)}
    >
      {me.name.toLowerCase()}
    </span>
  );
}
