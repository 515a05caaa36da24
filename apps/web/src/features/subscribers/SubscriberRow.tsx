import type { Subscriber } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { PersonRow } from '../../ui/PersonRow.tsx';

/** One subscriber: photo, name (to their profile), since when, and whether it renews. */
export function SubscriberRow({ subscriber }: { subscriber: Subscriber }) {
  const { t, i18n } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const since = dateFormat.format(new Date(subscriber.since));
  const ends = dateFormat.format(new Date(subscriber.expires_at));
  return (
    <PersonRow
      name={subscriber.name}
      image={subscriber.profileImage}
      to={routes['otherUser.profile.viewSlug']({ slug: subscriber.slug })}
      inline
      details={
        <p className="flex flex-wrap gap-x-3 text-sm text-neutral-600">
          <span>{t('subscribers.since', { date: since })}</span>
          <span>
            {subscriber.renews
              ? t('subscribers.renews', { date: ends })
              : t('subscribers.until', { date: ends })}
          </span>
        </p>
      }
    />
  );
}
