import './appeals-texts.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { StandingSections } from '../account-standing/index.ts';
import { AppealStatementForm } from './AppealStatementForm.tsx';
import { useSuspendedAppeal, useSuspendedStanding } from './appeals.queries.ts';

/** The suspension's own appeal, by the token: the password was proven by the sign-in. */
function SuspensionAppealForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const appeal = useSuspendedAppeal(token);
  const [filed, setFiled] = useState(false);
  if (filed)
    return (
      <p role="status" className="text-neutral-800">
        {t('appeals.suspension.filed')}
      </p>
    );
  return (
    <AppealStatementForm
      label={t('appeals.suspension.statement')}
      sendLabel={t('appeals.suspension.send')}
      pending={appeal.isPending}
      file={(statement, { done, failed }) =>
        appeal.mutate({ kind: 'suspension', statement }, { onSuccess: done, onError: failed })
      }
      onFiled={() => setFiled(true)}
    />
  );
}

/**
 * A suspended account's standing, reached from its refused sign-in with the token that came
 * with the refusal (no session): why and until when, warnings, removed content with their
 * appeals, and the suspension's appeal. Nothing else of the app opens with it.
 */
export function SuspendedStanding({ token }: { token: string }) {
  const { t } = useTranslation();
  const standing = useSuspendedStanding(token);
  if (standing.isPending) return <PageSpinner />;
  if (standing.isError) {
    // The token lives 30 minutes and only while the suspension lasts.
    if (isApiError(standing.error, 'token_expired') || isApiError(standing.error, 'token_invalid'))
      return (
        <p role="alert" className="text-center text-neutral-800">
          {t('appeals.suspension.standingExpired')}
        </p>
      );
    return <ErrorState onRetry={() => void standing.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <StandingSections
        standing={standing.data}
        standingToken={token}
        onAppealed={() => void standing.refetch()}
      />
      <section
        aria-labelledby="suspension-appeal-heading"
        className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4"
      >
        <h2 id="suspension-appeal-heading" className="text-base font-semibold text-neutral-900">
          {t('appeals.suspension.title')}
        </h2>
        <SuspensionAppealForm token={token} />
      </section>
    </div>
  );
}
