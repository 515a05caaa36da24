import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { VerifiedBadge } from '../../ui/VerifiedBadge.tsx';

/**
 * A row item (Subscribed, Following) is as wide as its name needs, between the photo's width and
 * a cap, so a name is cut only when it is longer than the cap, never while the row has room.
 */
export function homeItemWidth(variant: 'row' | 'grid'): string {
  return variant === 'row' ? 'w-max min-w-20 max-w-28 lg:min-w-28 lg:max-w-40' : 'w-full';
}

interface CreatorNameLinkProps {
  name: string;
  slug: string;
  verified: boolean;
  className?: string;
}

/** The name under a creator's photo in a home list: it opens the profile; verified gets a badge. */
export function CreatorNameLink({ name, slug, verified, className }: CreatorNameLinkProps) {
  const { t } = useTranslation();
  return (
    <span className={cn('flex max-w-full items-center gap-0.5', className)}>
      <Link
        to={routes['otherUser.profile.viewSlug']({ slug, from: 'home' })}
        className={cn(
          // 24 px tall (leading-6): a touch target a finger can hit (WCAG 2.5.8).
          'truncate rounded px-0.5 text-xs leading-6 font-medium text-neutral-900 hover:underline lg:text-sm',
          focusRing,
        )}
      >
        {name}
      </Link>
      {verified && <VerifiedBadge label={t('home.verified')} size={14} />}
    </span>
  );
}
