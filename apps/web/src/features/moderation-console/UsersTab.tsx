import type { ModerationAction, ModerationUserDetail } from '@glimpse/contract';
import { ArrowLeft } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { Button, focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { inputClass } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ActionButton } from './ActionButton.tsx';
import { ActionDialog, type ActionRequest } from './ActionDialog.tsx';
import { AuditLine } from './AuditTab.tsx';
import { UserRef } from './ItemInPlace.tsx';
import { useModerationUser, useUserSearch } from './moderation.queries.ts';
import { detailColumnClass, listDetailGridClass, usePhoneDetailScroll } from './list-detail.ts';
import { ForbiddenGuard } from './NotAvailable.tsx';
import { useDebounced } from './use-debounced.ts';
import { reasonLabelKey } from '../reports/index.ts';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const chip = 'rounded-full bg-neutral-100 px-2 py-0.5 text-neutral-800';

function HistorySection({
  title,
  empty,
  children,
}: {
  title: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-neutral-900">
        {title}
      </h3>
      {empty ? (
        <p className="text-sm text-neutral-600">{t('moderation.users.history.none')}</p>
      ) : (
        children
      )}
    </section>
  );
}

/** The account-level decisions that fit its state now. */
function userActions(user: ModerationUserDetail['user']): ModerationAction[] {
  return [
    'warn',
    user.suspended ? 'unsuspend' : 'suspend',
    user.payouts_held ? 'release_payouts' : 'hold_payouts',
  ];
}

function UserDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const detail = useModerationUser(id);
  const [request, setRequest] = useState<ActionRequest | null>(null);
  if (detail.isPending) return <Spinner className="self-center" />;
  if (detail.isError) return <ErrorState inline onRetry={() => void detail.refetch()} />;
  const { user, reports, actions, purchases, payouts } = detail.data;
  return (
    <section aria-label={user.name} className="flex flex-col gap-4">
      <Button variant="secondary" className="self-start lg:hidden" onClick={onBack}>
        <ArrowLeft aria-hidden="true" size={18} />
        {t('moderation.users.back')}
      </Button>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold break-words text-neutral-900">
          {user.name} <span className="font-normal text-neutral-600">@{user.slug}</span>
        </h2>
        <p className="text-sm break-words text-neutral-700">
          {user.email} · {t(`moderation.users.role.${user.role}`)} ·{' '}
          {t('moderation.users.joined', { date: formatDate(user.created_at, DAY) })}
        </p>
        <ul className="flex flex-wrap gap-2 text-sm">
          {user.suspended && (
            <li className={cn(chip, 'bg-red-50 font-medium text-red-800')}>
              {user.suspended_until
                ? t('moderation.item.suspendedUntil', {
                    date: formatDate(user.suspended_until, DAY),
                  })
                : t('moderation.item.suspended')}
            </li>
          )}
          {user.payouts_held && (
            <li className={cn(chip, 'bg-amber-50 font-medium text-amber-900')}>
              {t('moderation.users.payoutsHeld')}
            </li>
          )}
          {user.verified && <li className={chip}>{t('moderation.users.verified')}</li>}
          {user.deletion_requested && (
            <li className={chip}>{t('moderation.users.deletionRequested')}</li>
          )}
          <li className={chip}>
            {t('moderation.users.reportsMade', { count: detail.data.reports_made })}
          </li>
        </ul>
        {user.bio && <p className="text-sm whitespace-pre-wrap text-neutral-800">{user.bio}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {userActions(user).map((action) => (
          <ActionButton
            key={action}
            action={action}
            onClick={() => setRequest({ kind: 'user', targetId: user.id, action })}
          />
        ))}
      </div>
      <HistorySection title={t('moderation.users.history.reports')} empty={reports.length === 0}>
        <ul className="flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white">
          {reports.map((report) => (
            <li key={report.id} className="flex flex-col gap-1 px-3 py-2 text-sm text-neutral-800">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium text-neutral-900">
                  {t(`moderation.kinds.${report.kind}`)} #{report.target_id}
                </span>
                <span>{t(reasonLabelKey(report.reason))}</span>
                <span
                  className={cn(
                    chip,
                    'py-0 text-xs',
                    report.status === 'open' && 'bg-amber-50 font-medium text-amber-900',
                  )}
                >
                  {t(`moderation.users.reportStatus.${report.status}`)}
                </span>
                <span className="text-xs text-neutral-600">
                  {formatDate(report.created_at, DAY)}
                  {report.reporter &&
                    ` · ${t('moderation.users.reportedBy', { name: report.reporter.name })}`}
                </span>
              </span>
              {report.details && (
                <q className="border-l-2 border-neutral-300 pl-2 whitespace-pre-wrap text-neutral-700">
                  {report.details}
                </q>
              )}
            </li>
          ))}
        </ul>
      </HistorySection>
      <HistorySection title={t('moderation.users.history.actions')} empty={actions.length === 0}>
        <ul className="flex flex-col gap-2">
          {actions.map((entry) => (
            <AuditLine key={entry.id} entry={entry} />
          ))}
        </ul>
      </HistorySection>
      <HistorySection
        title={t('moderation.users.history.purchases')}
        empty={purchases.length === 0}
      >
        <ul className="flex flex-col gap-1">
          {purchases.map((purchase, index) => (
            <li key={index} className="text-sm text-neutral-800">
              {purchase.kind} · {formatMoney(purchase.amount)}
              {purchase.counterparty && ` · ${purchase.counterparty.name}`} ·{' '}
              {formatDate(purchase.created_at, DAY)}
            </li>
          ))}
        </ul>
      </HistorySection>
      <HistorySection title={t('moderation.users.history.payouts')} empty={payouts.length === 0}>
        <ul className="flex flex-col gap-1">
          {payouts.map((payout) => (
            <li key={payout.id} className="text-sm text-neutral-800">
              {formatMoney(payout.amount)} · {payout.status} · {formatDate(payout.created_at, DAY)}
            </li>
          ))}
        </ul>
      </HistorySection>
      <ActionDialog request={request} onClose={() => setRequest(null)} />
    </section>
  );
}

/** Account lookup: a search box, the matches, and one account's history with its decisions. */
export function UsersTab() {
  const { t } = useTranslation();
  const searchId = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const search = useUserSearch(q);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const users = search.data?.users ?? [];
  const rememberListPlace = usePhoneDetailScroll(selectedId !== null);
  return (
    <ForbiddenGuard error={search.error}>
      <div className={listDetailGridClass}>
        <div className={cn('flex min-w-0 flex-col gap-3', selectedId !== null && 'hidden lg:flex')}>
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-medium text-neutral-900">
              {t('moderation.users.search')}
            </label>
            <input
              id={searchId}
              type="search"
              value={text}
              maxLength={100}
              placeholder={t('moderation.users.searchHint')}
              onChange={(event) => setText(event.target.value)}
              className={inputClass}
            />
          </div>
          {q === '' ? null : search.isPending ? (
            <Spinner className="self-center" />
          ) : search.isError ? (
            <ErrorState inline onRetry={() => void search.refetch()} />
          ) : users.length === 0 ? (
            <EmptyState variant="section" title={t('moderation.users.empty')} />
          ) : (
            <ul className="flex flex-col gap-2">
              {users.map((user) => (
                <li key={user.id}>
                  <button
                    type="button"
                    aria-label={t('moderation.users.open', { name: user.name })}
                    aria-current={user.id === selectedId ? 'true' : undefined}
                    onClick={() => {
                      rememberListPlace();
                      setSelectedId(user.id);
                    }}
                    className={cn(
                      'flex w-full flex-col gap-1 rounded-xl border px-3 py-2 text-left hover:bg-neutral-50',
                      user.id === selectedId
                        ? 'border-accent bg-neutral-50'
                        : 'border-neutral-200 bg-white',
                      focusRing,
                    )}
                  >
                    <UserRef user={user} />
                    <span className="text-xs break-words text-neutral-600">
                      {user.email} · {t(`moderation.users.role.${user.role}`)}
                      {user.suspended && ` · ${t('moderation.item.suspended')}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div
          key={selectedId ?? 'none'}
          className={cn(detailColumnClass, selectedId === null && 'hidden lg:block')}
        >
          {selectedId !== null ? (
            <UserDetail id={selectedId} onBack={() => setSelectedId(null)} />
          ) : (
            <p className="rounded-xl border border-dashed border-neutral-300 p-6 text-center text-sm text-neutral-700">
              {t('moderation.users.pick')}
            </p>
          )}
        </div>
      </div>
    </ForbiddenGuard>
  );
}
