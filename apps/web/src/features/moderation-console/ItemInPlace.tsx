import type { ModerationItem, ModerationUserRef } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { formatTimeAgo } from '../../lib/relative-time.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { BlurredMedia } from './BlurredMedia.tsx';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** The reported story, message, account or stream, as the moderator needs to judge it. */
export function ItemInPlace({ item }: { item: ModerationItem | null }) {
  const { t, i18n } = useTranslation();
  if (!item) return <p className="text-sm text-neutral-600">{t('moderation.queue.gone')}</p>;
  switch (item.kind) {
    case 'story':
      return (
        <div className="flex flex-col gap-2">
          <BlurredMedia
            item={item}
            textKeys={{
              media: 'moderation.item.media',
              showMedia: 'moderation.item.showMedia',
              hideMedia: 'moderation.item.hideMedia',
            }}
          />
          <p className="whitespace-pre-wrap text-neutral-900">
            {item.text || t('moderation.item.noText')}
          </p>
          <p className="text-sm text-neutral-600">
            {t('moderation.item.status', { status: item.status })}
            {item.price !== null &&
              ` · ${t('moderation.item.price', { price: formatMoney(item.price) })}`}
            {` · ${formatDate(item.created_at, DAY)}`}
          </p>
        </div>
      );
    case 'message':
      return (
        <div className="flex flex-col gap-2">
          <p className="whitespace-pre-wrap text-neutral-900">
            {item.body || t('moderation.item.noText')}
          </p>
          {item.audio_url && (
            <audio controls src={item.audio_url} aria-label={t('moderation.item.audio')} />
          )}
          <p className="text-sm text-neutral-600">
            {t('moderation.item.chat', { id: item.chat_id })}
            {` · ${formatDate(item.created_at, DAY)}`}
            {item.taken_down && ` · ${t('moderation.item.takenDown')}`}
          </p>
        </div>
      );
    case 'user':
      return (
        <div className="flex items-start gap-3">
          <Avatar src={item.avatar_url} name={item.name} size="md" />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-semibold text-neutral-900">
              {item.name} <span className="font-normal text-neutral-600">@{item.slug}</span>
            </p>
            <p className="whitespace-pre-wrap text-sm text-neutral-800">{item.bio}</p>
            {item.suspended && (
              <p className="text-sm font-medium text-red-700">
                {item.suspended_until
                  ? t('moderation.item.suspendedUntil', {
                      date: formatDate(item.suspended_until, DAY),
                    })
                  : t('moderation.item.suspended')}
              </p>
            )}
          </div>
        </div>
      );
    case 'stream':
      return (
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-neutral-900">{item.title}</p>
          <p className="text-sm text-neutral-600">
            {t('moderation.item.status', { status: item.status })}
            {` · ${t('moderation.item.viewers', { count: item.viewer_count })}`}
            {item.started_at &&
              ` · ${t('moderation.item.started', { age: formatTimeAgo(item.started_at, i18n.language, undefined, 'long') })}`}
            {item.taken_down && ` · ${t('moderation.item.takenDown')}`}
          </p>
        </div>
      );
  }
}

/**
 * Someone in the console: picture, name and handle. A long name is cut to the line; the whole
 * of it stays in the title (and is what a screen reader reads).
 */
export function UserRef({ user }: { user: ModerationUserRef }) {
  return (
    <span className="flex max-w-full min-w-0 items-center gap-2">
      <Avatar src={user.avatar_url} name={user.name} size="sm" />
      <span
        title={`${user.name} @${user.slug}`}
        className="min-w-0 truncate text-sm text-neutral-900"
      >
        {user.name} <span className="text-neutral-600">@{user.slug}</span>
      </span>
    </span>
  );
}
