import type { BlockedUser } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';

interface BlockedUserRowProps {
  user: BlockedUser;
  onUnblock: () => void;
  busy: boolean;
}

/** One blocked person: photo, name (to their profile), since when, and Unblock. */
export function BlockedUserRow({ user, onUnblock, busy }: BlockedUserRowProps) {
  const { t, i18n } = useTranslation();
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(user.blocked_at),
  );
  return (
    <li className="flex items-center gap-3 px-3 py-3">
      {/* The name beside it says who this is: the photo is decoration for a screen reader. */}
      <span aria-hidden="true" className="flex">
        <Avatar src={user.profileImage} name={user.name} size="sm" lazy />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link
          to={routes['otherUser.profile.viewSlug']({ slug: user.slug })}
          className="truncate font-medium text-neutral-900 underline-offset-2 hover:underline"
        >
          {user.name}
        </Link>
        <p className="text-sm text-neutral-600">{t('blocking.screen.since', { date: since })}</p>
      </div>
      <Button
        variant="secondary"
        className="min-h-10 px-3 text-sm"
        aria-label={t('blocking.unblockNamed', { name: user.name })}
        onClick={onUnblock}
        disabled={busy}
      >
        {t('blocking.unblock')}
      </Button>
    </li>
  );
}
