import type { SearchResult } from '@glimpse/contract';
import { Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { VerifiedBadge } from '../../ui/VerifiedBadge.tsx';

/** One creator found: photo, name (with the verified check), handle, and the tag it matched. */
export function SearchResultRow({ result }: { result: SearchResult }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link
        to={routes['otherUser.profile.viewSlug']({ slug: result.slug, from: 'search' })}
        data-search-result=""
        className={cn(
          'flex min-h-16 items-center gap-3 rounded-xl px-3 py-2 hover:bg-neutral-100 focus-visible:bg-neutral-100',
          focusRing,
        )}
      >
        {/* The name beside it says who this is: the photo is decoration for a screen reader. */}
        <span aria-hidden="true" className="flex">
          <Avatar
            src={result.profileImage}
            srcSet={result.avatar_srcset}
            name={result.name}
            size="sm"
            lazy
          />
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex min-w-0 items-center gap-1">
            <span className="truncate font-semibold text-neutral-900">{result.name}</span>
            {/* The spaces part the link's name for a screen reader (the flex boxes show none). */}{' '}
            {result.verified && <VerifiedBadge label={t('search.verified')} size={16} />}
          </span>{' '}
          <span className="truncate text-sm text-neutral-600">@{result.slug}</span>
        </span>{' '}
        {result.matched_tag && (
          <span className="inline-flex max-w-[40%] shrink-0 items-center gap-0.5 rounded-full bg-neutral-100 px-2 py-1 text-xs font-medium text-neutral-700">
            <Hash aria-hidden="true" size={12} className="shrink-0" />
            <span aria-hidden="true" className="truncate">
              {result.matched_tag}
            </span>
            <span className="sr-only">{t('search.tag', { tag: result.matched_tag })}</span>
          </span>
        )}
      </Link>
    </li>
  );
}
