import './subscribers-texts.ts';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { SubscriberRow } from './SubscriberRow.tsx';
import { useMySubscribers } from './subscribers.queries.ts';

/** user.own.profile.subscribers: who subscribes to the signed-in creator (issue 10 item 5). */
export function SubscribersScreen() {
  const { t } = useTranslation();
  const subscribers = useMySubscribers();

  return (
    <>
      <PageHeader title={t('subscribers.title')} fallback={routes['user.own.profile.view']()} />
      <main id="main" className="flex flex-1 flex-col px-4 py-4 lg:max-w-2xl lg:px-8">
        {subscribers.isPending ? (
          <PageSpinner />
        ) : subscribers.isError ? (
          // Not ui/ErrorState: that is a page of its own (a <main>), and this one sits in one.
          <EmptyState title={t('common.somethingWentWrong')}>
            <p role="alert">{t('subscribers.failed')}</p>
            <Button
              className="mt-4"
              onClick={() => void subscribers.refetch()}
              disabled={subscribers.isFetching}
            >
              {t('common.retry')}
            </Button>
          </EmptyState>
        ) : subscribers.data.length === 0 ? (
          <EmptyState icon={<Users size={32} />} title={t('subscribers.empty')}>
            {t('subscribers.emptyHint')}
          </EmptyState>
        ) : (
          <ul
            aria-label={t('subscribers.listLabel')}
            className="divide-y divide-neutral-200 rounded-xl border border-neutral-200"
          >
            {subscribers.data.map((subscriber) => (
              <SubscriberRow key={subscriber.id} subscriber={subscriber} />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
