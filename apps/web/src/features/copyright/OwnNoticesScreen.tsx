import './copyright-texts.ts';
import type { OwnCopyrightNotice } from '@glimpse/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { hasErrors, serverFormErrors, type FieldErrorMap } from '../../lib/form-errors.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { CheckboxField } from './CheckboxField.tsx';
import { useCounterNotice, useOwnNotices } from './copyright.queries.ts';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
type CounterField = 'statement' | 'consent_jurisdiction' | 'signature';

/** The counter-notice: a statement, consent to jurisdiction and a signature. */
function CounterForm({ notice }: { notice: OwnCopyrightNotice }) {
  const { t } = useTranslation();
  const counter = useCounterNotice();
  const [statement, setStatement] = useState('');
  const [consent, setConsent] = useState(false);
  const [signature, setSignature] = useState('');
  const [errors, setErrors] = useState<FieldErrorMap<CounterField>>({});
  const [message, setMessage] = useState<string>();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const clientErrors: FieldErrorMap<CounterField> = {};
    if (!statement.trim()) clientErrors.statement = [t('fields.required')];
    if (!signature.trim()) clientErrors.signature = [t('fields.required')];
    if (!consent) clientErrors.consent_jurisdiction = [t('errors.copyright_statements_required')];
    setErrors(clientErrors);
    setMessage(undefined);
    if (hasErrors(clientErrors)) return;
    counter.mutate(
      {
        id: notice.id,
        body: {
          statement: statement.trim(),
          consent_jurisdiction: consent,
          signature: signature.trim(),
        },
      },
      {
        onError: (error) => {
          const server = serverFormErrors(t, error, {
            statement: 'statement',
            consent_jurisdiction: 'consent_jurisdiction',
            signature: 'signature',
          });
          setErrors(server.fields);
          setMessage(server.message);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3 border-t pt-3">
      <h3 className="font-semibold text-neutral-900">{t('copyright.counter.title')}</h3>
      <p className="text-sm text-neutral-700">{t('copyright.counter.intro')}</p>
      <FormAlert message={message} />
      <Field label={t('copyright.counter.statement')} errors={errors.statement}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={statement}
            onChange={(event) => setStatement(event.target.value)}
            className={`${inputClass} py-2`}
          />
        )}
      </Field>
      <CheckboxField checked={consent} onChange={setConsent} errors={errors.consent_jurisdiction}>
        {t('copyright.counter.consent')}
      </CheckboxField>
      <Field label={t('copyright.counter.signature')} errors={errors.signature}>
        {(control) => (
          <input
            {...control}
            autoComplete="name"
            value={signature}
            onChange={(event) => setSignature(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Button type="submit" disabled={counter.isPending} aria-busy={counter.isPending}>
        {t('copyright.counter.send')}
      </Button>
    </form>
  );
}

function NoticeCard({ notice }: { notice: OwnCopyrightNotice }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-neutral-200 p-4">
      <p className="text-sm text-neutral-600">
        {t('copyright.own.received', {
          date: formatDate(notice.created_at, DAY),
          name: notice.claimant_name,
        })}
      </p>
      <p className="break-words text-neutral-900">{notice.work}</p>
      <p className="text-sm font-medium text-neutral-900">
        {t(`copyright.status.${notice.status}`)}
      </p>
      {notice.status === 'countered' && notice.restore_after && (
        <p className="text-sm text-neutral-700">
          {t('copyright.own.restoresOn', { date: formatDate(notice.restore_after, DAY) })}
        </p>
      )}
      {notice.status === 'taken_down' && <CounterForm notice={notice} />}
    </li>
  );
}

/** The creator's copyright notices, newest first, each open one with its counter-notice form. */
export function OwnNoticesScreen() {
  const { t } = useTranslation();
  const notices = useOwnNotices();
  return (
    <>
      <PageHeader title={t('copyright.own.title')} fallback="/me/settings" />
      <main id="main" className="flex flex-col gap-4 p-4">
        {notices.isError ? (
          <ErrorState onRetry={() => void notices.refetch()} />
        ) : !notices.data ? (
          <PageSpinner />
        ) : notices.data.notices.length === 0 ? (
          <EmptyState title={t('copyright.own.empty')} />
        ) : (
          <ul className="flex flex-col gap-3">
            {notices.data.notices.map((notice) => (
              <NoticeCard key={notice.id} notice={notice} />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
