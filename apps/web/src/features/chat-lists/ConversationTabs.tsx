import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { routes } from '../../routes.ts';
import { cn } from '../../ui/cn.ts';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-12 flex-1 items-center justify-center border-b-2 text-base font-semibold',
    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
    isActive
      ? 'border-accent text-neutral-900'
      : 'border-transparent text-neutral-600 hover:text-neutral-900',
  );

/** Messages and Channels side by side: each is its own route, so these are links. */
export function ConversationTabs() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('chat.list.tabsLabel')} className="flex border-b border-neutral-200">
      <NavLink to={routes['user.own.messages']()} className={tabClass}>
        {t('chat.list.messages')}
      </NavLink>
      <NavLink to={routes['user.own.channels']()} className={tabClass}>
        {t('chat.list.channels')}
      </NavLink>
    </nav>
  );
}
