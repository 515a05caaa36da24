import { MODERATION_NOTE_MAX, TEXTAREA_ROWS, type ReviewItem } from '@glimpse/contract';
import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatTimeAgo } from '../../lib/relative-time.ts';
import { Button, focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Field, inputClass } from '../../ui/Field.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useReviewDecision, useReviewList } from './known-content.queries.ts';
import { BlurredMedia } from './BlurredMedia.tsx';
import { ForbiddenGuard } from './NotAvailable.tsx';

type Decision = 'publish' | 'take_down';
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A held story as the list gives it (held by REVIEW_BEFORE_PUBLISH: without a match). */
type HeldStory = ReviewItem;

/** Why the story waits: near a listed hash, or every story waits for review. */
function heldBecause(item: HeldStory, t: ReturnType<typeof useTranslation>['t']): string {
  if (item.match) return t('moderation.review.matched', { label: item.match.label || '—' });
  if (item.reason === 'review_required') return t('moderation.review.reviewRequired');
  return t('moderation.review.matchRemoved');
}

function ReviewRow({
  item,
  selected,
  onOpen,
}: {
  item: HeldStory;
  selected: boolean;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        aria-label={t('moderation.review.open', { id: item.story_id })}
        className={cn(
          'flex w-full flex-col gap-1 rounded-xl border px-3 py-2 text-left hover:bg-neutral-50',
          selected ? 'border-accent bg-neutral-50' : 'border-neutral-200 bg-white',
          focusRing,
        )}
      >
        <span className="text-sm font-semibold text-neutral-900">
          {t('moderation.review.story', { id: item.story_id })}
        </span>
        <span className="text-sm text-neutral-800">{heldBecause(item, t)}</span>
        <span className="text-xs text-neutral-600">
          {t('moderation.review.age', {
            age: formatTimeAgo(item.created_at, i18n.language, undefined, 'long'),
          })}
        </span>
      </button>
    </li>
  );
}

function ReviewDetail({
  item,
  onBack,
  onDecide,
}: {
  item: HeldStory;
  onBack: () => void;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <Button variant="secondary" className="self-start lg:hidden" onClick={onBack}>
        <ArrowLeft aria-hidden="true" size={18} />
        {t('moderation.queue.back')}
      </Button>
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        {t('moderation.review.story', { id: item.story_id })}
      </h2>
      <div className="flex flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-3">
        <BlurredMedia
          item={item}
          textKeys={{
            media: 'moderation.review.media',
            showMedia: 'moderation.review.showMedia',
            hideMedia: 'moderation.review.hideMedia',
          }}
          fallback={
            <p className="text-sm text-neutral-600">
              {t(item.is_video ? 'moderation.review.video' : 'moderation.review.picture')}
            </p>
          }
        />
        {item.text && <p className="whitespace-pre-wrap text-neutral-900">{item.text}</p>}
        <p className="text-sm text-neutral-600">
          {item.owner.name
            ? t('moderation.review.postedBy', {
                date: formatDate(item.created_at, DAY),
                owner: item.owner.name,
              })
            : t('moderation.review.posted', {
                date: formatDate(item.created_at, DAY),
                owner: item.owner_id,
              })}
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold text-neutral-900">{t('moderation.review.why')}</h3>
        <p className="text-sm text-neutral-800">{heldBecause(item, t)}</p>
        {item.match && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-neutral-700">
            <dt>{t('moderation.review.entry')}</dt>
            <dd>#{item.match.entry_id}</dd>
            <dt>{t('moderation.review.distance')}</dt>
            <dd>{item.match.distance}</dd>
          </dl>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onDecide('publish')}>{t('moderation.review.publish')}</Button>
        <Button variant="secondary" onClick={() => onDecide('take_down')}>
          {t('moderation.review.takeDown')}
        </Button>
      </div>
    </section>
  );
}

/** Publish or take down, after a confirmation; an error stays in the dialog. */
function DecisionDialog({
  storyId,
  decision,
  onClose,
  onDone,
}: {
  storyId: number;
  decision: Decision;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const decide = useReviewDecision();
  const [alert, setAlert] = useState<string>();
  const [note, setNote] = useState('');
  const label = t(
    decision === 'publish' ? 'moderation.review.publish' : 'moderation.review.takeDown',
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('moderation.actions.confirmTitle', { action: label })}
      role="alertdialog"
    >
      <p className="text-sm text-neutral-700">
        {t(
          decision === 'publish'
            ? 'moderation.review.confirmPublish'
            : 'moderation.review.confirmTakeDown',
          { id: storyId },
        )}
      </p>
      <Field label={t('moderation.review.note')}>
        {(control) => (
          <textarea
            {...control}
            rows={TEXTAREA_ROWS}
            maxLength={MODERATION_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={`${inputClass} py-2`}
          />
        )}
      </Field>
      <FormAlert message={alert} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('moderation.actions.cancel')}
        </Button>
        <Button
          disabled={decide.isPending}
          onClick={() => {
            setAlert(undefined);
            decide.mutate(
              { storyId, decision, note: note.trim() || undefined },
              {
                onSuccess: () => {
                  notify.success(t('moderation.actions.done', { action: label }));
                  onClose();
                  onDone();
                },
                onError: (error) => setAlert(errorMessage(t, error)),
              },
            );
          }}
        >
          {label}
        </Button>
      </div>
    </Dialog>
  );
}

/** Stories held for review (known content, or review before publication), oldest first. */
export function ReviewTab() {
  const { t } = useTranslation();
  const review = useReviewList();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // Kept apart from the selection: a decision takes the story out of the list before it ends.
  const [pending, setPending] = useState<{ storyId: number; decision: Decision } | null>(null);
  const items: HeldStory[] = review.data?.items ?? [];
  const selected = items.find((item) => item.story_id === selectedId) ?? null;

  return (
    <ForbiddenGuard error={review.error}>
      <div className="grid gap-4 lg:grid-cols-[minmax(18rem,26rem)_minmax(0,1fr)]">
        <div className={cn('flex flex-col gap-3', selected && 'hidden lg:flex')}>
          {review.isPending ? (
            <Spinner className="self-center" />
          ) : review.isError ? (
            <ErrorState inline onRetry={() => void review.refetch()} />
          ) : items.length === 0 ? (
            <EmptyState variant="section" title={t('moderation.review.empty')} />
          ) : (
            <ul className="flex flex-col gap-2" aria-label={t('moderation.review.heading')}>
              {items.map((item) => (
                <ReviewRow
                  key={item.story_id}
                  item={item}
                  selected={item.story_id === selectedId}
                  onOpen={() => setSelectedId(item.story_id)}
                />
              ))}
            </ul>
          )}
        </div>
        <div className={cn(!selected && 'hidden lg:block')}>
          {selected && (
            <ReviewDetail
              item={selected}
              onBack={() => setSelectedId(null)}
              onDecide={(decision) => setPending({ storyId: selected.story_id, decision })}
            />
          )}
        </div>
      </div>
      {pending && (
        <DecisionDialog
          storyId={pending.storyId}
          decision={pending.decision}
          onClose={() => setPending(null)}
          onDone={() => setSelectedId(null)}
        />
      )}
    </ForbiddenGuard>
  );
}
