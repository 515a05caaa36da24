import type { Subscriber } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { Avatar } from '../../ui/Avatar.tsx';

/** One subscriber: photo, name (to their profile), since when, and whether it renews. */
export function SubscriberRow({ subscriber }: { subscriber: Subscriber }) {
  const { t, i18n } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const since = dateFormat.format(new Date(subscriber.since));
  const ends = dateFormat.format(new Date(subscriber.expires_at));
  return (
    <li className="flex items-center gap-3 px-3 py-3">
      {/* The name beside it says who this is: the photo is decoration for a screen reader. */}
      <span aria-hidden="true" className="flex">
        <Avatar src={subscriber.profileImage} name={subscriber.name} size="sm" lazy />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-3">
        <Link
          to={routes['otherUser.profile.viewSlug']({ slug: subscriber.slug })}
          className="truncate font-medium text-neutral-900 underline-offset-2 hover:underline sm:flex-1"
        >
          {subscriber.name}
        </Link>
        <p className="flex flex-wrap gap-x-3 text-sm text-neutral-600">
          <span>{t('subscribers.since', { date: since })}</span>
          <span>
            {subscriber.renews
              ? t('subscribers.renews', { date: ends })
              : t('subscribers.until', { date: ends })}
          </span>
        </p>
      </div>
    </li>
  );
}
