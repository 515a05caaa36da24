import './copyright-texts.ts';
import {
  COPYRIGHT_NOTICE_STATUSES,
  type ConsoleNotice,
  type CopyrightNoticeStatus,
} from '@glimpse/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { RequiredNoteField, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useConsoleNotices, useRejectNotice } from './copyright.queries.ts';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function RejectForm({ notice, onDone }: { notice: ConsoleNotice; onDone: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectNotice();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return setMissing(true);
    reject.mutate({ id: notice.id, note: note.trim() }, { onSuccess: onDone });
  }
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
      <FormAlert message={reject.isError ? errorMessage(t, reject.error) : undefined} />
      <RequiredNoteField
        label={t('copyright.console.note')}
        value={note}
        missing={missing}
        onChange={(text) => {
          setNote(text);
          setMissing(false);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reject.isPending} aria-busy={reject.isPending}>
          {t('copyright.console.confirmReject')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('copyright.console.cancel')}
        </Button>
      </div>
    </form>
  );
}

function NoticeRow({ notice }: { notice: ConsoleNotice }) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const decidable = notice.status !== 'rejected' && notice.status !== 'restored';
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-neutral-200 p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-neutral-900">
          {t(`copyright.status.${notice.status}`)}
        </span>
        <span className="text-neutral-600">{formatDate(notice.created_at, WHEN)}</span>
      </div>
      <p className="break-words text-neutral-900">{notice.work}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-neutral-700">
        <dt>{t('copyright.console.claimant')}</dt>
        <dd className="min-w-0 break-words">
          {notice.claimant_name} ({notice.claimant_email})
        </dd>
        <dt>{t('copyright.console.creator')}</dt>
        <dd className="min-w-0 break-words">
          {notice.creator ? `${notice.creator.name} (@${notice.creator.slug})` : '—'}
        </dd>
        <dt>{t('copyright.console.story')}</dt>
        <dd>{notice.story_id ? `#${notice.story_id}` : '—'}</dd>
        {notice.restore_after && notice.status === 'countered' && (
          <>
            <dt>{t('copyright.console.restoresOn')}</dt>
            <dd>{formatDate(notice.restore_after, WHEN)}</dd>
          </>
        )}
      </dl>
      {notice.counter_statement && (
        <blockquote className="border-l-4 border-neutral-300 pl-3 break-words whitespace-pre-line text-neutral-800">
          {notice.counter_statement}
        </blockquote>
      )}
      {decidable &&
        (rejecting ? (
          <RejectForm notice={notice} onDone={() => setRejecting(false)} />
        ) : (
          <Button variant="secondary" className="self-start" onClick={() => setRejecting(true)}>
            {t('copyright.console.reject')}
          </Button>
        ))}
    </li>
  );
}

/** The console's copyright tab: notices newest first, by status; a notice may be rejected. */
export function CopyrightNoticesTab() {
  const { t } = useTranslation();
  const filterId = useId();
  const [status, setStatus] = useState<CopyrightNoticeStatus | 'all'>('all');
  const notices = useConsoleNotices(status);
  return (
    <section className="flex flex-col gap-4" aria-label={t('copyright.console.title')}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={filterId} className="text-sm font-medium text-neutral-900">
          {t('copyright.console.filter')}
        </label>
        <select
          id={filterId}
          value={status}
          onChange={(event) => setStatus(event.target.value as CopyrightNoticeStatus | 'all')}
          className={`${inputClass} w-auto`}
        >
          <option value="all">{t('copyright.console.all')}</option>
          {COPYRIGHT_NOTICE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`copyright.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {notices.isError ? (
        <ErrorState inline onRetry={() => void notices.refetch()} />
      ) : !notices.data ? (
        <Spinner />
      ) : notices.data.notices.length === 0 ? (
        <EmptyState title={t('copyright.console.empty')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {notices.data.notices.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} />
          ))}
        </ul>
      )}
    </section>
  );
}
