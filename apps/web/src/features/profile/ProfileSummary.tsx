import type { ChosenCategory, Sex } from '@glimpse/contract';
import { Palmtree } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/numbers.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { VerifiedBadge } from '../../ui/VerifiedBadge.tsx';
import { ChosenCategories } from './ChosenCategories.tsx';

interface ProfileSummaryProps {
  name: string;
  avatarUrl: string | null;
  /** The photo's smaller copies (`avatar_srcset`). */
  avatarSrcSet?: string | null;
  bio: string;
  verified: boolean;
  onHoliday: boolean;
  followers: number;
  subscribers: number;
  /** Own profile only: the subscribers count links to the subscriber list. */
  subscribersHref?: string;
  categories: ChosenCategory[];
  /** The profile's sex: only the categories that apply to it show. */
  sex: Sex;
  /** The handle (slug), shown as @slug under the name, smaller and grey. */
  handle?: string;
  /** Extra content under the name. */
  nameAddon?: ReactNode;
  /** Wraps the photo, e.g. in a button that opens the user's stories. */
  wrapAvatar?: (avatar: ReactNode) => ReactNode;
}

/**
 * The shared top of a profile: photo, name, badges, counts, bio and categories. A phone stacks
 * them under the photo and name; a desktop puts a larger photo on the left and the rest beside it.
 */
export function ProfileSummary(props: ProfileSummaryProps) {
  const { t } = useTranslation();
  const wrap = props.wrapAvatar ?? ((avatar: ReactNode) => avatar);
  return (
    <div className="flex flex-col gap-5 px-5 py-6 lg:grid lg:grid-cols-[auto_minmax(0,1fr)] lg:gap-x-12 lg:gap-y-5 lg:px-8 lg:py-10">
      {/* On a desktop this row dissolves (contents) so photo and name become grid cells. */}
      <div className="flex items-center gap-4 lg:contents">
        <div className="flex shrink-0 lg:row-span-4 lg:self-start">
          {wrap(
            <Avatar
              src={props.avatarUrl}
              srcSet={props.avatarSrcSet}
              name={props.name}
              alt={t('profile.avatarAlt', { name: props.name })}
              size="lg"
              className="lg:size-36 lg:text-5xl"
            />,
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          {/* A name is one word of up to 50 letters at worst: it breaks anywhere rather than
              widen the page (a flex item's text would not shrink below its longest word). */}
          <p className="flex min-w-0 items-center gap-1 text-xl font-bold text-neutral-900 lg:text-2xl">
            <span className="min-w-0 wrap-anywhere">{props.name}</span>
            {props.verified && <VerifiedBadge label={t('profile.verified')} size={20} />}
          </p>
          {props.handle && (
            <p
              data-testid="user-name-label"
              className="truncate text-sm font-medium text-neutral-600"
            >
              @{props.handle}
            </p>
          )}
          {props.nameAddon}
          {props.onHoliday && (
            <span className="inline-flex items-center gap-1 text-sm text-neutral-700">
              <Palmtree aria-hidden="true" size={16} /> {t('profile.onHoliday')}
            </span>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-center lg:max-w-md">
        <div className="flex flex-col-reverse rounded-xl bg-neutral-50 py-3">
          <dt className="text-xs text-neutral-600">
            {t('profile.followers', { count: props.followers })}
          </dt>
          <dd className="text-xl font-bold text-neutral-900">{formatNumber(props.followers)}</dd>
        </div>
        <div className="relative flex flex-col-reverse rounded-xl bg-neutral-50 py-3">
          <dt className="text-xs text-neutral-600">
            {t('profile.subscribers', { count: props.subscribers })}
          </dt>
          <dd className="text-xl font-bold text-neutral-900">
            {props.subscribersHref ? (
              // The link's box stretches over the whole tile, so the label is a target too.
              <Link
                to={props.subscribersHref}
                aria-label={t('profile.subscribersLink', { count: props.subscribers })}
                className="text-accent-strong underline underline-offset-4 after:absolute after:inset-0 after:rounded-xl"
              >
                {formatNumber(props.subscribers)}
              </Link>
            ) : (
              formatNumber(props.subscribers)
            )}
          </dd>
        </div>
      </dl>
      <p className="text-base whitespace-pre-line text-neutral-800">
        {props.bio || <span className="text-neutral-500">{t('profile.noBio')}</span>}
      </p>
      <ChosenCategories
        categories={props.categories}
        sex={props.sex}
        label={t('profile.categories')}
      />
    </div>
  );
}
