import {
  REPORT_KINDS,
  REPORT_REASONS,
  type ModerationAction,
  type QueueItem,
  type ReportKind,
  type ReportReason,
} from '@glimpse/contract';
import { AlertTriangle, ArrowLeft, Clock } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeAgo } from '../../lib/relative-time.ts';
import { Button, focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { inputClass } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ActionButton } from './ActionButton.tsx';
import { ActionDialog, type ActionRequest } from './ActionDialog.tsx';
import { ItemInPlace, UserRef } from './ItemInPlace.tsx';
import { useModerationQueue, type QueueFilters } from './moderation.queries.ts';
import { detailColumnClass, listDetailGridClass, usePhoneDetailScroll } from './list-detail.ts';
import { ForbiddenGuard } from './NotAvailable.tsx';
import { reasonLabelKey } from '../reports/index.ts';

/** What a decision on each kind of item may be (the account itself cannot be taken down). */
const ITEM_ACTIONS: Record<ReportKind, ModerationAction[]> = {
  story: ['dismiss', 'take_down', 'warn', 'suspend', 'hold_payouts'],
  message: ['dismiss', 'take_down', 'warn', 'suspend', 'hold_payouts'],
  stream: ['dismiss', 'take_down', 'warn', 'suspend', 'hold_payouts'],
  user: ['dismiss', 'warn', 'suspend', 'hold_payouts'],
};

const itemKey = (item: QueueItem) => `${item.kind}:${item.target_id}`;

function Badges({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  return (
    <>
      {item.urgent && (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
          <AlertTriangle aria-hidden="true" size={12} />
          {t('moderation.queue.urgent')}
        </span>
      )}
      {item.overdue && (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          <Clock aria-hidden="true" size={12} />
          {t('moderation.queue.overdue')}
        </span>
      )}
    </>
  );
}

function ReasonChips({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-1">
      {item.reasons.map(({ reason, count }) => (
        <li
          key={reason}
          className="rounded-full border border-neutral-300 px-2 py-0.5 text-xs text-neutral-800"
        >
          {t(reasonLabelKey(reason))} · {count}
        </li>
      ))}
    </ul>
  );
}

function QueueRow({
  item,
  selected,
  onOpen,
}: {
  item: QueueItem;
  selected: boolean;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const kind = t(`moderation.kinds.${item.kind}`);
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        aria-label={t('moderation.queue.open', { kind, name: item.owner.name })}
        className={cn(
          'flex w-full flex-col gap-2 rounded-xl border px-3 py-2 text-left hover:bg-neutral-50',
          selected ? 'border-accent bg-neutral-50' : 'border-neutral-200 bg-white',
          focusRing,
        )}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold text-neutral-900">{kind}</span>
          <span className="text-sm text-neutral-700">
            {t('moderation.queue.reports', { count: item.report_count })}
          </span>
          <Badges item={item} />
        </span>
        <UserRef user={item.owner} />
        <ReasonChips item={item} />
        <span className="text-xs text-neutral-600">
          {t('moderation.queue.age', {
            age: formatTimeAgo(item.first_reported_at, i18n.language, undefined, 'long'),
          })}
        </span>
      </button>
    </li>
  );
}

function QueueDetail({
  item,
  onBack,
  onAct,
}: {
  item: QueueItem;
  onBack: () => void;
  onAct: (action: ModerationAction) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened it is hidden on a phone: focus goes on to what it opened.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <Button variant="secondary" className="self-start lg:hidden" onClick={onBack}>
        <ArrowLeft aria-hidden="true" size={18} />
        {t('moderation.queue.back')}
      </Button>
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-neutral-900 outline-none"
        >
          {t(`moderation.kinds.${item.kind}`)} #{item.target_id}
        </h2>
        <Badges item={item} />
      </div>
      <div className="rounded-xl border border-neutral-200 bg-white p-3">
        <ItemInPlace item={item.item} />
      </div>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold text-neutral-900">{t('moderation.queue.owner')}</h3>
        <UserRef user={item.owner} />
      </div>
      <ReasonChips item={item} />
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold text-neutral-900">
          {t('moderation.queue.reporters')}
        </h3>
        <ul className="flex flex-col gap-1">
          {item.reporters.map((reporter) => (
            <li key={reporter.id}>
              <UserRef user={reporter} />
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold text-neutral-900">
          {t('moderation.queue.reportersWords')}
        </h3>
        {item.details.length === 0 ? (
          <p className="text-sm text-neutral-600">{t('moderation.queue.noWords')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {item.details.map((words, index) => (
              <li
                // The same words may come from two reporters.
                key={index}
                className="rounded-lg bg-neutral-100 px-3 py-2 text-sm whitespace-pre-wrap text-neutral-800"
              >
                {words}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-neutral-900">
          {t('moderation.actions.heading')}
        </h3>
        <div className="flex flex-wrap gap-2">
          {ITEM_ACTIONS[item.kind].map((action) => (
            <ActionButton key={action} action={action} onClick={() => onAct(action)} />
          ))}
        </div>
      </div>
    </section>
  );
}

function FilterSelect<V extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  value: V | undefined;
  options: readonly V[];
  optionLabel: (value: V) => string;
  onChange: (value: V | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex min-w-36 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-neutral-900">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as V | undefined)}
        className={inputClass}
      >
        <option value="">{t('moderation.queue.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The reports queue: filters and the list, the chosen item beside it (below it on a phone). */
export function QueueTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<QueueFilters>({});
  const queue = useModerationQueue(filters);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [request, setRequest] = useState<ActionRequest | null>(null);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = items.find((item) => itemKey(item) === selectedKey) ?? null;
  const openItems = queue.data?.pages[0]?.open_items ?? 0;
  const rememberListPlace = usePhoneDetailScroll(selected !== null);

  return (
    <ForbiddenGuard error={queue.error}>
      <div className={listDetailGridClass}>
        <div className={cn('flex min-w-0 flex-col gap-3', selected && 'hidden lg:flex')}>
          <div className="flex flex-wrap gap-3">
            <FilterSelect<ReportKind>
              label={t('moderation.queue.kindFilter')}
              value={filters.kind}
              options={REPORT_KINDS}
              optionLabel={(kind) => t(`moderation.kinds.${kind}`)}
              onChange={(kind) => setFilters((current) => ({ ...current, kind }))}
            />
            <FilterSelect<ReportReason>
              label={t('moderation.queue.reasonFilter')}
              value={filters.reason}
              options={REPORT_REASONS}
              optionLabel={(reason) => t(reasonLabelKey(reason))}
              onChange={(reason) => setFilters((current) => ({ ...current, reason }))}
            />
          </div>
          {queue.isPending ? (
            <Spinner className="self-center" />
          ) : queue.isError ? (
            <ErrorState inline onRetry={() => void queue.refetch()} />
          ) : items.length === 0 ? (
            <EmptyState variant="section" title={t('moderation.queue.empty')} />
          ) : (
            <>
              <p className="text-sm text-neutral-700" aria-live="polite">
                {t('moderation.queue.openItems', { count: openItems })}
              </p>
              <ul className="flex flex-col gap-2" aria-label={t('moderation.queue.heading')}>
                {items.map((item) => (
                  <QueueRow
                    key={itemKey(item)}
                    item={item}
                    selected={itemKey(item) === selectedKey}
                    onOpen={() => {
                      rememberListPlace();
                      setSelectedKey(itemKey(item));
                    }}
                  />
                ))}
              </ul>
              {queue.hasNextPage && (
                <Button
                  variant="secondary"
                  className="self-center"
                  disabled={queue.isFetchingNextPage}
                  onClick={() => void queue.fetchNextPage()}
                >
                  {t('moderation.queue.loadMore')}
                </Button>
              )}
            </>
          )}
        </div>
        <div
          key={selectedKey ?? 'none'}
          className={cn(detailColumnClass, !selected && 'hidden lg:block')}
        >
          {selected ? (
            <QueueDetail
              item={selected}
              onBack={() => setSelectedKey(null)}
              onAct={(action) =>
                setRequest({ kind: selected.kind, targetId: selected.target_id, action })
              }
            />
          ) : (
            items.length > 0 && (
              <p className="rounded-xl border border-dashed border-neutral-300 p-6 text-center text-sm text-neutral-700">
                {t('moderation.queue.pick')}
              </p>
            )
          )}
        </div>
      </div>
      <ActionDialog
        request={request}
        onClose={() => setRequest(null)}
        onDone={() => {
          if (request?.kind !== 'user' || request.action === 'dismiss') setSelectedKey(null);
        }}
      />
    </ForbiddenGuard>
  );
}
