import { SlidersHorizontal, Wallet } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/money.ts';
import { routes } from '../../routes.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useMe } from '../auth/index.ts';
import { useHasSavedFilter } from '../filter/index.ts';
import { NotificationBell } from '../notification-bell/index.ts';
import { SearchEntryLink } from '../search/index.ts';

interface AppHeaderProps {
  onFilterClick: () => void;
}

/**
 * Home header (spec 2): filter button (active with a saved filter), logo, search and wallet
 * links. On a desktop the navigation rail carries the logo, the search and the wallet, so the
 * header keeps the filter button, with its name written out.
 */
export function AppHeader({ onFilterClick }: AppHeaderProps) {
  const { t } = useTranslation();
  const filterActive = useHasSavedFilter();
  const balanceId = useId();
  const balance = useMe().data?.balance;
  const iconClass = cn(
    'relative inline-flex size-11 items-center justify-center rounded-full',
    focusRing,
  );
  return (
    <header className="sticky top-0 z-20 grid min-h-14 grid-cols-[auto_1fr_auto] items-center border-b border-neutral-200 bg-white/95 px-2 backdrop-blur lg:px-6">
      <button
        type="button"
        aria-label={t('home.filters')}
        title={filterActive ? t('home.filtersActive') : t('home.filters')}
        data-active={filterActive}
        onClick={onFilterClick}
        className={cn(
          iconClass,
          'lg:w-auto lg:gap-2 lg:rounded-xl lg:px-3 lg:font-semibold',
          filterActive
            ? 'bg-accent/15 text-accent-strong'
            : 'text-neutral-800 hover:bg-neutral-100',
        )}
      >
        <span className="relative flex">
          <SlidersHorizontal aria-hidden="true" size={22} />
          {filterActive && (
            <span
              aria-hidden="true"
              className="absolute -top-[3px] -right-[3px] size-2 rounded-full bg-accent"
            />
          )}
        </span>
        <span aria-hidden="true" className="hidden lg:inline">
          {t('home.filters')}
        </span>
      </button>
      <Link
        to={routes['auth.home']()}
        className={cn(
          'justify-self-center rounded-lg px-2 text-2xl font-extrabold tracking-tight text-accent-strong lg:hidden',
          focusRing,
        )}
      >
        Glimpse
      </Link>
      {/* On a phone: search, the bell, then the wallet; on a desktop the rail carries them. */}
      <div className="flex items-center justify-self-end lg:hidden">
        <SearchEntryLink />
        <NotificationBell />
        <Link
          to={routes['user.own.profile.wallet']()}
          aria-label={t('home.wallet')}
          aria-describedby={balance === undefined ? undefined : balanceId}
          title={t('home.wallet')}
          className={cn(
            'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-2',
            'text-neutral-800 hover:bg-neutral-100 lg:hidden',
            focusRing,
          )}
        >
          <Wallet aria-hidden="true" size={22} />
          {balance !== undefined && (
            <span id={balanceId} className="text-sm font-semibold tabular-nums">
              {formatMoney(balance)}
            </span>
          )}
        </Link>
      </div>
    </header>
  );
}
