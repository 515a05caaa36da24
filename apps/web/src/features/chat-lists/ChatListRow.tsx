import type { ChatListItem } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { cn } from '../../ui/cn.ts';
import { VerifiedBadge } from '../../ui/VerifiedBadge.tsx';
import { lastMessagePreview, listTime, OnlineAvatar } from '../chat/index.ts';

interface ChatListRowProps {
  item: ChatListItem;
  /** The conversation open beside the list (desktop). */
  active: boolean;
}

/** One conversation: avatar with online dot, name, last message, its time and the unread count. */
export function ChatListRow({ item, active }: ChatListRowProps) {
  const { t } = useTranslation();
  const { companion } = item;
  const to = item.isBroadcastingChannel
    ? routes['user.own.channel']({ chat_id: item.chat_id })
    : routes['user.own.chat']({ id: companion.id });
  const ownChannel = item.isBroadcastingChannel && item.isChatOwner;
  const unread = item.unread_count > 0;
  return (
    <li>
      <Link
        to={to}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex min-h-16 items-center gap-3 px-4 py-2 hover:bg-neutral-50',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
          active && 'bg-accent/10 hover:bg-accent/10',
        )}
      >
        <OnlineAvatar
          src={companion.profileImage}
          name={companion.name}
          online={!ownChannel && companion.online}
          lazy
        />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-center gap-1">
            <span className={cn('truncate text-base text-neutral-900', unread && 'font-bold')}>
              {ownChannel ? t('chat.list.yourChannel') : companion.name}
            </span>
            {!ownChannel && companion.verified && (
              <VerifiedBadge label={t('chat.header.verified')} size={16} />
            )}
          </span>
          <span
            className={cn('truncate text-sm', unread ? 'text-neutral-900' : 'text-neutral-600')}
          >
            {lastMessagePreview(t, item.last_message)}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <time dateTime={item.updated_at} className="text-xs text-neutral-600">
            {listTime(item.updated_at)}
          </time>
          {unread && (
            <span className="min-w-5 rounded-full bg-accent px-1.5 text-center text-xs leading-5 font-semibold text-on-accent">
              <span aria-hidden="true">{item.unread_count}</span>
              <span className="sr-only">{t('chat.list.unread', { count: item.unread_count })}</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}
