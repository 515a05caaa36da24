import { Search, Settings, Shield, Video, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useMatch } from 'react-router';
import { useMe } from '../features/auth/index.ts';
import { NotificationBell } from '../features/notification-bell/index.ts';
import { NewStoryButton } from '../features/story-posting/index.ts';
import { paths, routes } from '../routes.ts';
import { buttonClass, focusRing } from '../ui/Button.tsx';
import { cn } from '../ui/cn.ts';
import { useSectionDestinations, type NavDestination } from './nav-destinations.ts';

/** Shown from this width up, labels included from `xl`; between the two, icons only. */
const railVisibility = 'hidden lg:flex';
/** Text kept for screen readers (and the accessible name) while the rail shows icons only. */
const railLabel = 'sr-only xl:not-sr-only';

/**
 * The desktop navigation (from 1024 px), in place of the phone's bottom bar: the logo, the
 * sections with the search, the wallet, "New story" and "Go live", in a column that stays put while the page scrolls;
 * the settings at its foot.
 */
export function NavigationRail() {
  const { t } = useTranslation();
  // The settings live under /me, but on them the rail marks Settings, not Profile as well.
  const onSettings = useMatch(paths.ownSettings) !== null;
  const destinations: NavDestination[] = [
    ...useSectionDestinations().map((destination) =>
      onSettings && destination.to === paths.ownProfile
        ? { ...destination, end: true }
        : destination,
    ),
    { to: routes['user.own.profile.wallet'](), label: t('common.nav.wallet'), icon: Wallet },
  ];
  // The search (its own screen beside the rail) right after Home.
  destinations.splice(1, 0, { to: routes.search(), label: t('common.nav.search'), icon: Search });
  // Staff reach the moderation console from here (phones: from the settings).
  const role = useMe().data?.role;
  if (role === 'moderator' || role === 'admin')
    destinations.push({
      to: routes['moderation.console'](),
      label: t('common.nav.moderation'),
      icon: Shield,
    });
  const settings: NavDestination = {
    to: routes['user.own.settings'](),
    label: t('common.nav.settings'),
    icon: Settings,
  };
  return (
    <nav
      aria-label={t('common.nav.label')}
      className={cn(
        railVisibility,
        'sticky top-0 z-20 h-dvh w-18 shrink-0 flex-col gap-6 self-start overflow-y-auto',
        'border-r border-neutral-200 bg-white px-3 py-5 xl:w-60',
      )}
    >
      <Link
        to={routes['auth.home']()}
        className={cn(
          'flex min-h-12 items-center justify-center rounded-xl text-2xl font-extrabold tracking-tight text-accent-strong xl:justify-start xl:px-3',
          focusRing,
        )}
      >
        <span aria-hidden="true" className="xl:hidden">
          G
        </span>
        <span className={railLabel}>{t('common.appName')}</span>
      </Link>
      <ul className="flex flex-col gap-1">
        {destinations.map((destination) => (
          <li key={destination.to}>
            <RailLink destination={destination} />
          </li>
        ))}
        <li>
          <NotificationBell rail />
        </li>
      </ul>
      <div className="flex flex-col gap-2">
        <NewStoryButton className="w-full max-xl:px-0" labelClassName={railLabel} />
        <Link
          to={routes['user.own.profile.goLive']()}
          title={t('common.nav.goLive')}
          className={buttonClass('secondary', 'w-full max-xl:px-0')}
        >
          <Video aria-hidden="true" size={20} />
          <span className={railLabel}>{t('common.nav.goLive')}</span>
        </Link>
      </div>
      <div className="mt-auto">
        <RailLink destination={settings} />
      </div>
    </nav>
  );
}

function RailLink({
  destination: { to, label, icon: Icon, end },
}: {
  destination: NavDestination;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      // A tooltip for the icons-only width; the label is the accessible name at every width.
      title={label}
      className={({ isActive }) =>
        cn(
          'flex min-h-12 items-center justify-center gap-4 rounded-xl text-base xl:justify-start xl:px-3',
          'hover:bg-neutral-100',
          focusRing,
          isActive ? 'font-bold text-neutral-900' : 'font-medium text-neutral-700',
        )
      }
    >
      {({ isActive }) => (
        <>
          <Icon
            size={24}
            aria-hidden
            strokeWidth={isActive ? 2.5 : 2}
            className={cn('shrink-0', isActive && 'text-accent-strong')}
          />
          <span className={railLabel}>{label}</span>
        </>
      )}
    </NavLink>
  );
}
