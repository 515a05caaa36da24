import type { Stream } from '@glimpse/contract';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../lib/api.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { routes } from '../../routes.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { streamDuration } from './stream-duration.ts';

/** What the creator's screen knows when a stream ends. */
export interface EndedStream {
  /** The stream as last read; its end time may still be missing (ended by the server). */
  stream: Stream;
  /** The most viewers seen at once on this screen while live (the server keeps only "now"). */
  peakViewers: number;
}

interface StreamSummaryProps {
  ended: EndedStream;
  onGoLiveAgain: () => void;
}

/**
 * The creator's screen after a stream: what it was, how long it ran, the most viewers at once,
 * what becomes of a recording, and where to go next (no camera: it is off by now).
 */
export function StreamSummary({ ended, onGoLiveAgain }: StreamSummaryProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const known = ended.stream.status === 'ended' && ended.stream.ended_at !== null;
  // Ended by the server (grace ran out) or elsewhere: read it once more for its end time.
  const final = useQuery({
    queryKey: ['go-live', 'ended', ended.stream.id],
    queryFn: ({ signal }) => call('stream', { params: { id: ended.stream.id } }, { signal }),
    enabled: !known,
    staleTime: Infinity,
  });
  const stream = known ? ended.stream : (final.data ?? ended.stream);
  const duration = streamDuration(stream.started_at, stream.ended_at);
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto flex w-full max-w-xl flex-col gap-5 self-start rounded-2xl border border-neutral-200 p-5 lg:col-span-2"
    >
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" size={28} className="mt-0.5 shrink-0 text-accent-strong" />
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
            {t('goLive.ended')}
          </h2>
          <p className="truncate text-neutral-700">{stream.title}</p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-neutral-100 p-3">
          <dt className="text-sm text-neutral-700">{t('goLive.summary.duration')}</dt>
          <dd className="text-xl font-semibold text-neutral-900 tabular-nums">
            {duration !== null
              ? t(`goLive.summary.${duration.unit}`, duration)
              : stream.started_at === null
                ? t('goLive.summary.noVideo')
                : final.isPending
                  ? t('common.loading')
                  : '–'}
          </dd>
        </div>
        <div className="rounded-xl bg-neutral-100 p-3">
          <dt className="text-sm text-neutral-700">{t('goLive.summary.peakViewers')}</dt>
          <dd className="text-xl font-semibold text-neutral-900 tabular-nums">
            {formatNumber(ended.peakViewers)}
          </dd>
        </div>
      </dl>
      {stream.record && (
        <p className="text-sm text-neutral-700">
          {t(
            stream.replay_story_id === null ? 'goLive.summary.replaySoon' : 'goLive.summary.replay',
          )}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onGoLiveAgain}>{t('goLive.again')}</Button>
        <Link to={routes['user.own.profile.view']()} className={buttonClass('secondary')}>
          {t('goLive.toProfile')}
        </Link>
      </div>
    </section>
  );
}
