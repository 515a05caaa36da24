import './bell-texts.ts';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { routes } from '../../routes.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useUnreadCount } from './unread-count.ts';
import { useNotificationsLive } from './use-notifications-live.ts';

/** Past this the badge says "99+": wider would cover the icon. */
const BADGE_MAX = 99;

/**
 * The way to the notifications, its unread count on a badge and in its name ("Notifications,
 * 3 unread"). In the rail it is one of the rail's rows (its label written out from `xl`, as the
 * rail's own); in a header an icon button.
 */
export default function BellLink({ rail = false }: { rail?: boolean }) {
  const { t } = useTranslation();
  const count = useUnreadCount();
  // Once per page: the rail's bell is always mounted, a header's comes and goes.
  useNotificationsLive(rail);
  // The place the first page's placeholder (NotificationBell) held, until the count is in.
  if (count === undefined) return <span className={rail ? 'block min-h-12' : 'size-11'} />;
  const name =
    count > 0 ? t('notificationBell.labelUnread', { count }) : t('notificationBell.label');
  const badge = count > 0 && (
    <span
      aria-hidden="true"
      data-testid="notification-badge"
      className="absolute -top-1.5 -right-2 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-accent px-1 text-[11px] leading-none font-bold text-on-accent tabular-nums ring-2 ring-white"
    >
      {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
    </span>
  );
  return (
    <NavLink
      to={routes['user.own.notifications']()}
      aria-label={name}
      title={t('notificationBell.label')}
      className={({ isActive }) =>
        rail
          ? cn(
              'flex min-h-12 items-center justify-center gap-4 rounded-xl text-base hover:bg-neutral-100 xl:justify-start xl:px-3',
              focusRing,
              isActive ? 'font-bold text-neutral-900' : 'font-medium text-neutral-700',
            )
          : cn(
              'inline-flex size-11 items-center justify-center rounded-full text-neutral-800 hover:bg-neutral-100',
              focusRing,
            )
      }
    >
      {({ isActive }) => (
        <>
          <span className="relative flex shrink-0">
            <Bell
              aria-hidden="true"
              size={rail ? 24 : 22}
              strokeWidth={rail && isActive ? 2.5 : 2}
              className={cn(rail && isActive && 'text-accent-strong')}
            />
            {badge}
          </span>
          {rail && (
            <span aria-hidden="true" className="hidden xl:inline">
              {t('notificationBell.label')}
            </span>
          )}
        </>
      )}
    </NavLink>
  );
}
