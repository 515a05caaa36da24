import type { BlockedUser } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { PersonRow } from '../../ui/PersonRow.tsx';

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
    <PersonRow
      name={user.name}
      image={user.profileImage}
      to={routes['otherUser.profile.viewSlug']({ slug: user.slug })}
      details={
        <p className="text-sm text-neutral-600">{t('blocking.screen.since', { date: since })}</p>
      }
      action={
        <Button
          variant="secondary"
          className="min-h-10 px-3 text-sm"
          aria-label={t('blocking.unblockNamed', { name: user.name })}
          onClick={onUnblock}
          disabled={busy}
        >
          {t('blocking.unblock')}
        </Button>
      }
    />
  );
}
