import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../ui/cn.ts';
import { useSectionDestinations } from './nav-destinations.ts';

/** The phone's tab bar; from 1024 px wide the navigation rail takes its place. */
export function BottomNav() {
  const { t } = useTranslation();
  const items = useSectionDestinations();
  return (
    <nav
      aria-label={t('common.nav.label')}
      className="sticky bottom-0 z-20 border-t border-neutral-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid grid-cols-4">
        {items.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  // Each link is a 64 px wide target centred in its quarter, not the whole quarter:
                  // a list item scrolled under the bar stays tappable between the links (WCAG
                  // 2.5.8; Lighthouse's target-size flagged the avatars peeking above the bar).
                  'mx-auto flex min-h-14 w-16 flex-col items-center justify-center gap-0.5 text-xs font-medium',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
                  isActive ? 'text-accent-strong' : 'text-neutral-600 hover:text-neutral-900',
                )
              }
            >
              <Icon size={22} aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
