import './blocking-texts.ts';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { BlockedUserRow } from './BlockedUserRow.tsx';
import { useBlockChange, useBlockedUsers } from './blocking.queries.ts';

/** user.own.profile.blocked: the people the signed-in user blocked, each with Unblock. */
export function BlockedUsersScreen() {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const blocked = useBlockedUsers();
  const blockChange = useBlockChange();

  async function handleUnblock(userId: number, name: string) {
    try {
      await blockChange.change(userId, false);
      notify.success(t('blocking.unblocked', { name }));
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <>
      <PageHeader title={t('blocking.screen.title')} fallback={routes['user.own.profile.view']()} />
      <main id="main" className="flex flex-1 flex-col px-4 py-4 lg:max-w-2xl lg:px-8">
        {blocked.isPending ? (
          <PageSpinner />
        ) : blocked.isError ? (
          // Not ui/ErrorState: that is a page of its own (a <main>), and this one sits in one.
          <EmptyState title={t('common.somethingWentWrong')}>
            <p role="alert">{t('blocking.screen.failed')}</p>
            <Button
              className="mt-4"
              onClick={() => void blocked.refetch()}
              disabled={blocked.isFetching}
            >
              {t('common.retry')}
            </Button>
          </EmptyState>
        ) : blocked.data.length === 0 ? (
          <EmptyState icon={<ShieldCheck size={32} />} title={t('blocking.screen.empty')}>
            {t('blocking.screen.emptyHint')}
          </EmptyState>
        ) : (
          <ul
            aria-label={t('blocking.screen.listLabel')}
            className="divide-y divide-neutral-200 rounded-xl border border-neutral-200"
          >
            {blocked.data.map((user) => (
              <BlockedUserRow
                key={user.id}
                user={user}
                busy={blockChange.pendingId === user.id}
                onUnblock={() => void handleUnblock(user.id, user.name)}
              />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
