import './moderation-texts.ts';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { cn } from '../../ui/cn.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useMe } from '../auth/index.ts';
import { CONSOLE_TABS } from './console-tabs.tsx';
import { NotAvailable } from './NotAvailable.tsx';

/**
 * /admin, the moderation console (issue 29): desktop-first list and detail, list then detail on
 * a phone. Only staff get here from the menu; anyone else who opens the address sees that it is
 * not available (the server answers them 403 in any case).
 */
export function ModerationConsoleScreen() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  // An older server sends no role: the console asks, and shows the 403 if refused.
  const notStaff = me?.role === 'user';
  return (
    <>
      <PageHeader title={t('moderation.title')} fallback={routes['auth.home']()} />
      <main id="main" className="flex flex-1 flex-col gap-4 px-3 py-4 lg:px-8">
        {notStaff ? (
          <NotAvailable />
        ) : (
          <Tabs.Root defaultValue={CONSOLE_TABS[0]?.id} className="flex flex-col gap-4">
            <Tabs.List
              aria-label={t('moderation.tabs.label')}
              className="flex gap-1 overflow-x-auto border-b border-neutral-200"
            >
              {CONSOLE_TABS.map((tab) => (
                <Tabs.Trigger
                  key={tab.id}
                  value={tab.id}
                  className={cn(
                    'min-h-11 shrink-0 border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-neutral-700',
                    'data-[state=active]:border-accent data-[state=active]:text-neutral-900',
                    // The ring inside: the list scrolls sideways and cuts what is drawn outside.
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
                  )}
                >
                  {t(`moderation.tabs.${tab.id}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {CONSOLE_TABS.map(({ id, Component }) => (
              <Tabs.Content key={id} value={id} className="flex flex-col">
                <Component />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </main>
    </>
  );
}
