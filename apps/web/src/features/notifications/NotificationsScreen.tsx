import './notifications-texts.ts';
import type { AppNotification } from '@glimpse/contract';
import { Inbox, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { PageSpinner, Spinner } from '../../ui/Spinner.tsx';
import { NotificationLine } from './NotificationLine.tsx';
import { useMarkRead, useNotificationsList } from './notifications.queries.ts';

/**
 * user.own.notifications: what happened, newest first, a page at a time. Opening a line marks it
 * read and goes to what it is about; "Mark all as read" clears the bell.
 */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const list = useNotificationsList();
  const markRead = useMarkRead();
  const { notify, notifyError } = useSnackbar();
  const lines = list.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = lines.some((line) => !line.read);

  function open(line: AppNotification) {
    if (!line.read) markRead.mutate({ ids: [line.id] });
  }

  function markAll() {
    markRead.mutate(
      { all: true },
      { onSuccess: () => notify.success(t('notifications.allMarkedRead')), onError: notifyError },
    );
  }

  const settingsLink = (
    <Link
      to={routes['user.own.settings.notifications']()}
      aria-label={t('notifications.settingsLink')}
      title={t('notifications.settingsLink')}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <Settings aria-hidden="true" size={22} />
    </Link>
  );

  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        actions={
          <>
            {anyUnread && (
              <Button
                variant="ghost"
                className="px-3 text-sm"
                onClick={markAll}
                disabled={markRead.isPending}
              >
                {t('notifications.markAllRead')}
              </Button>
            )}
            {settingsLink}
          </>
        }
      />
      {list.isPending ? (
        <PageSpinner />
      ) : !list.data ? (
        <ErrorState title={t('notifications.loadFailed')} onRetry={() => void list.refetch()} />
      ) : (
        <main id="main" className="flex flex-1 flex-col pb-8">
          {lines.length === 0 ? (
            <EmptyState icon={<Inbox size={40} />} title={t('notifications.empty.title')}>
              {t('notifications.empty.body')}
            </EmptyState>
          ) : (
            <ul className="flex flex-col divide-y divide-neutral-200">
              {lines.map((line) => (
                <NotificationLine key={line.id} line={line} onOpen={open} />
              ))}
            </ul>
          )}
          {list.isFetchNextPageError && (
            <div className="px-4 pt-4 lg:px-8">
              <ErrorState
                inline
                title={t('notifications.loadMoreFailed')}
                onRetry={() => void list.fetchNextPage()}
              />
            </div>
          )}
          {list.hasNextPage && !list.isFetchNextPageError && (
            <div className="flex justify-center px-4 pt-4">
              {list.isFetchingNextPage ? (
                <Spinner />
              ) : (
                <Button variant="secondary" onClick={() => void list.fetchNextPage()}>
                  {t('notifications.loadMore')}
                </Button>
              )}
            </div>
          )}
        </main>
      )}
    </>
  );
}
