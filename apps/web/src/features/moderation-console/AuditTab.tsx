import type { AuditEntry } from '@glimpse/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { inputClass } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useAuditLog } from './moderation.queries.ts';
import { ForbiddenGuard } from './NotAvailable.tsx';
import { useDebounced } from './use-debounced.ts';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "hold_payouts", "appeal.filed": a label for an action this version has no text for. */
export function humanizeAction(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One line of the log: what was done to what and whom, the note, when and by whom. */
export function AuditLine({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const actor = entry.actor
    ? `${entry.actor.name} @${entry.actor.slug}`
    : t('moderation.audit.system');
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-xl border border-neutral-200 bg-white px-3 py-2">
      <p className="flex flex-wrap gap-x-2 text-sm break-words">
        <span className="font-semibold text-neutral-900">
          {t(`moderation.audit.actions.${entry.action}`, {
            defaultValue: humanizeAction(entry.action),
          })}
        </span>
        {entry.target_id !== null && (
          <span className="text-neutral-700">
            {t('moderation.audit.target', {
              kind: t(`moderation.audit.kinds.${entry.target_kind}`, {
                defaultValue: humanizeAction(entry.target_kind),
              }),
              id: entry.target_id,
            })}
          </span>
        )}
        {entry.subject && (
          <span className="min-w-0 text-neutral-700">
            → {entry.subject.name} @{entry.subject.slug}
          </span>
        )}
      </p>
      {entry.note && (
        <p className="text-sm break-words whitespace-pre-wrap text-neutral-800">{entry.note}</p>
      )}
      <p className="text-xs break-words text-neutral-600">
        <time dateTime={entry.created_at}>{formatDate(entry.created_at, WHEN)}</time>
        {' · '}
        {t('moderation.audit.by', { actor })}
      </p>
    </li>
  );
}

/** The append-only audit log, newest first, searchable; more pages on request. */
export function AuditTab() {
  const { t } = useTranslation();
  const searchId = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const log = useAuditLog(q);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <ForbiddenGuard error={log.error}>
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium text-neutral-900">
            {t('moderation.audit.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            maxLength={100}
            placeholder={t('moderation.audit.searchHint')}
            onChange={(event) => setText(event.target.value)}
            className={inputClass}
          />
        </div>
        {log.isPending ? (
          <Spinner className="self-center" />
        ) : log.isError ? (
          <ErrorState inline onRetry={() => void log.refetch()} />
        ) : entries.length === 0 ? (
          <EmptyState variant="section" title={t('moderation.audit.empty')} />
        ) : (
          <>
            <ul className="flex flex-col gap-2" aria-label={t('moderation.tabs.audit')}>
              {entries.map((entry) => (
                <AuditLine key={entry.id} entry={entry} />
              ))}
            </ul>
            {log.hasNextPage && (
              <Button
                variant="secondary"
                className="self-center"
                disabled={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {t('moderation.audit.loadMore')}
              </Button>
            )}
          </>
        )}
      </div>
    </ForbiddenGuard>
  );
}
