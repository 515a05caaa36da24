import './copyright-texts.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { useClaimantNotice, useReportCourtAction } from './copyright.queries.ts';
import { PublicPage } from './PublicPage.tsx';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long' };

/**
 * The claimant's page, opened from the mailed link (`?token=`): where the notice stands and, while
 * the content is down, a button to report a court action, which keeps it down for good.
 */
export function CourtActionScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const notice = useClaimantNotice(token);
  const report = useReportCourtAction(token);

  if (!token || notice.isError) {
    return (
      <PublicPage title={t('copyright.court.title')}>
        <FormAlert
          message={notice.isError ? errorMessage(t, notice.error) : t('errors.token_invalid')}
        />
      </PublicPage>
    );
  }
  if (!notice.data) return <PageSpinner />;
  const { status, work, restore_after: restoreAfter } = notice.data;
  const open = status === 'taken_down' || status === 'countered';
  return (
    <PublicPage title={t('copyright.court.title')}>
      <section className="flex flex-col gap-2 rounded-2xl bg-neutral-100 p-4 text-sm">
        <p className="font-semibold break-words text-neutral-900">{work}</p>
        <p className="text-neutral-800">{t(`copyright.status.${status}`)}</p>
        {status === 'countered' && restoreAfter && (
          <p className="text-neutral-800">
            {t('copyright.court.restoresOn', { date: formatDate(restoreAfter, DAY) })}
          </p>
        )}
      </section>
      {open && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-neutral-700">{t('copyright.court.explain')}</p>
          <FormAlert message={report.isError ? errorMessage(t, report.error) : undefined} />
          <Button
            onClick={() => report.mutate()}
            disabled={report.isPending}
            aria-busy={report.isPending}
          >
            {t('copyright.court.report')}
          </Button>
        </div>
      )}
      {status === 'court_action' && (
        <p role="status" className="text-sm text-neutral-800">
          {t('copyright.court.reported')}
        </p>
      )}
    </PublicPage>
  );
}
