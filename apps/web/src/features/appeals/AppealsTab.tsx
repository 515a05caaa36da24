import './appeals-texts.ts';
import type { ConsoleAppeal } from '@glimpse/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { RequiredNoteField } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useConsoleAppeals, useDecideAppeal } from './appeals.queries.ts';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
type Status = 'open' | 'granted' | 'denied';

/** One open appeal: what was appealed, why, and the decision with its note. */
function AppealRow({ appeal }: { appeal: ConsoleAppeal }) {
  const { t } = useTranslation();
  const decide = useDecideAppeal();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [decision, setDecision] = useState<'grant' | 'deny'>('deny');

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return setMissing(true);
    decide.mutate({ id: appeal.id, body: { decision, note: note.trim() } });
  }

  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-neutral-200 p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-neutral-900">
          {t(`appeals.console.kind.${appeal.kind}`, { id: appeal.target_id })}
        </span>
        <span className="text-neutral-600">{formatDate(appeal.created_at, WHEN)}</span>
      </div>
      <p className="text-neutral-700">
        {appeal.user.name} (@{appeal.user.slug})
      </p>
      <blockquote className="border-l-4 border-neutral-300 pl-3 break-words whitespace-pre-line text-neutral-800">
        {appeal.statement}
      </blockquote>
      {appeal.status === 'open' ? (
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
          <FormAlert message={decide.isError ? errorMessage(t, decide.error) : undefined} />
          <RequiredNoteField
            label={t('appeals.console.note')}
            value={note}
            missing={missing}
            onChange={(text) => {
              setNote(text);
              setMissing(false);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" onClick={() => setDecision('grant')} disabled={decide.isPending}>
              {t('appeals.console.grant')}
            </Button>
            <Button
              type="submit"
              variant="secondary"
              onClick={() => setDecision('deny')}
              disabled={decide.isPending}
            >
              {t('appeals.console.deny')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-neutral-800">
          {t(`appeals.console.status.${appeal.status}`)}
          {appeal.note ? `: ${appeal.note}` : ''}
        </p>
      )}
    </li>
  );
}

/** The console's appeals tab: open appeals oldest first, or the decided ones. */
export function AppealsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('open');
  const appeals = useConsoleAppeals(status);
  return (
    <section className="flex flex-col gap-4" aria-label={t('appeals.console.title')}>
      <div role="group" aria-label={t('appeals.console.show')} className="flex flex-wrap gap-2">
        {(['open', 'granted', 'denied'] as const).map((value) => (
          <Button
            key={value}
            variant={status === value ? 'primary' : 'secondary'}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {t(`appeals.console.status.${value}`)}
          </Button>
        ))}
      </div>
      {appeals.isError ? (
        <ErrorState inline onRetry={() => void appeals.refetch()} />
      ) : !appeals.data ? (
        <Spinner />
      ) : appeals.data.appeals.length === 0 ? (
        <EmptyState title={t('appeals.console.empty')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {appeals.data.appeals.map((appeal) => (
            <AppealRow key={appeal.id} appeal={appeal} />
          ))}
        </ul>
      )}
    </section>
  );
}
