import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTimeAgo } from '../../lib/relative-time.ts';
import { routes } from '../../routes.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ActionDialog, type ActionRequest } from './ActionDialog.tsx';
import { UserRef } from './ItemInPlace.tsx';
import { useModerationStreams } from './moderation.queries.ts';
import { ForbiddenGuard } from './NotAvailable.tsx';

/** Streams in progress, most watched first: watch one, or stop it (a take-down with a note). */
export function StreamsTab() {
  const { t, i18n } = useTranslation();
  const streams = useModerationStreams();
  const [request, setRequest] = useState<ActionRequest | null>(null);
  return (
    <ForbiddenGuard error={streams.error}>
      {streams.isPending ? (
        <Spinner className="self-center" />
      ) : streams.isError ? (
        <ErrorState inline onRetry={() => void streams.refetch()} />
      ) : streams.data.streams.length === 0 ? (
        <EmptyState variant="section" title={t('moderation.streams.empty')} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('moderation.streams.heading')}>
          {streams.data.streams.map((stream) => (
            <li
              key={stream.id}
              className="flex flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="truncate font-semibold text-neutral-900">{stream.title}</p>
                <UserRef user={stream.creator} />
                <p className="text-sm text-neutral-600">
                  {t('moderation.item.viewers', { count: stream.viewer_count })}
                  {stream.started_at &&
                    ` · ${t('moderation.item.started', { age: formatTimeAgo(stream.started_at, i18n.language, undefined, 'long') })}`}
                  {stream.open_reports > 0 &&
                    ` · ${t('moderation.streams.reports', { count: stream.open_reports })}`}
                </p>
              </div>
              <div className="flex gap-2">
                <Link
                  to={routes['otherUser.profile.viewStreams']({ slug: stream.creator.slug })}
                  className={buttonClass('secondary')}
                >
                  {t('moderation.streams.watch')}
                </Link>
                <Button
                  onClick={() =>
                    setRequest({ kind: 'stream', targetId: stream.id, action: 'take_down' })
                  }
                >
                  {t('moderation.streams.stop')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActionDialog request={request} onClose={() => setRequest(null)} />
    </ForbiddenGuard>
  );
}
