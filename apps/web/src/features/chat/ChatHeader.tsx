import type { ChatState } from '@glimpse/contract';
import { ArrowLeft, Palmtree } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { focusRing, IconButton } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { VerifiedBadge } from '../../ui/VerifiedBadge.tsx';
import type { HeaderMenuItems } from './header-menu.tsx';
import { OnlineAvatar } from './OnlineAvatar.tsx';

interface ChatHeaderProps {
  chat: ChatState;
  headingLevel: 1 | 2;
  /** The back arrow's action; no arrow without one (beside the list on a desktop). */
  onBack?: () => void;
  /** Overlay mode: the name leads back to the profile underneath by closing the overlay. */
  overlay: boolean;
  headerMenuItems?: HeaderMenuItems;
}

/**
 * Spec 2: back arrow, the companion's avatar, the name linking to their profile, verified and
 * on-holiday badges. The owner of a channel sees "your channel" and the creator description.
 */
export function ChatHeader({
  chat,
  headingLevel,
  onBack,
  overlay,
  headerMenuItems,
}: ChatHeaderProps) {
  const { t } = useTranslation();
  const { companion } = chat;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const ownChannel = chat.isBroadcastingChannel && chat.isChatOwner;
  const profile = routes['otherUser.profile.viewSlug']({
    slug: companion.slug,
    from: chat.isBroadcastingChannel ? 'channel' : 'chat',
    ...(chat.isBroadcastingChannel ? { chat_id: chat.chat_id } : { id: companion.id }),
  });

  function handleNameClick(event: MouseEvent) {
    if (!overlay) return;
    event.preventDefault();
    onBack?.();
  }

  return (
    <header
      className={cn(
        'sticky top-0 z-20 flex min-h-14 items-center gap-2 border-b border-neutral-200 bg-white/95 py-1 backdrop-blur',
        onBack ? 'px-2' : 'px-4',
      )}
    >
      {onBack && (
        <IconButton label={t('common.back')} onClick={onBack}>
          <ArrowLeft aria-hidden="true" size={22} />
        </IconButton>
      )}
      <OnlineAvatar
        src={chat.userImg ?? companion.profileImage}
        name={companion.name}
        online={companion.online}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        {ownChannel ? (
          <>
            <Heading className="truncate text-lg font-semibold text-neutral-900">
              {t('chat.header.yourChannel')}
            </Heading>
            {chat.description && (
              <p className="truncate text-sm text-neutral-600">{chat.description}</p>
            )}
          </>
        ) : (
          <Heading className="flex min-w-0 items-center gap-1 text-lg font-semibold text-neutral-900">
            <Link
              to={profile}
              onClick={handleNameClick}
              className={`truncate rounded ${focusRing}`}
            >
              {companion.name}
            </Link>
            {companion.verified && <VerifiedBadge label={t('chat.header.verified')} size={18} />}
            {companion.on_holiday_mood && (
              <Palmtree
                role="img"
                aria-label={t('chat.header.onHoliday')}
                size={18}
                className="shrink-0 text-neutral-600"
              />
            )}
          </Heading>
        )}
        {chat.isBroadcastingChannel && !ownChannel && (
          <p className="text-xs text-neutral-600">{t('chat.header.channel')}</p>
        )}
      </div>
      {headerMenuItems?.({
        chatId: chat.chat_id,
        companion,
        isChannel: chat.isBroadcastingChannel,
        isChatOwner: chat.isChatOwner,
      })}
    </header>
  );
}
