import './standing-texts.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routes } from '../../routes.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { StandingSections } from './StandingSections.tsx';
import { standingKeys, useAccountStanding } from './standing.queries.ts';

/**
 * The account's standing (settings): a suspension and until when, a payout hold, the warnings
 * with the moderators' notes, the content taken down with its note and, per item, the appeal.
 */
export function AccountStandingScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const standing = useAccountStanding();
  return (
    <>
      <PageHeader title={t('standing.title')} fallback={routes['user.own.settings']()} />
      <main id="main" className="flex flex-1 flex-col gap-4 px-4 py-4 lg:max-w-2xl lg:px-8 lg:py-6">
        {standing.isPending ? (
          <PageSpinner />
        ) : standing.isError ? (
          <ErrorState onRetry={() => void standing.refetch()} />
        ) : (
          <StandingSections
            standing={standing.data}
            onAppealed={() =>
              void queryClient.invalidateQueries({ queryKey: standingKeys.standing })
            }
          />
        )}
      </main>
    </>
  );
}
