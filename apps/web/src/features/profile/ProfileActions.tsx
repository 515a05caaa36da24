import type { PublicProfile } from '@glimpse/contract';
import { MessageCircle, Radio } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { prefetchOnApproach } from '../../lib/lazy-module.ts';
import { routes } from '../../routes.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import { FollowButton } from '../social/index.ts';
import { SubscriptionControl } from './SubscriptionControl.tsx';
import { useProfileFollowResult } from './use-profile-follow.ts';

/**
 * The conversation over the profile: the chat feature's code (its texts, queries and the
 * conversation itself) loads when a message is first started, not with every profile. It is
 * two chunks, the chat's public face and then the conversation: the second is asked for as soon
 * as the first is here, and both once a pointer comes over the button or a finger touches it.
 */
const ChatOverlay = lazyDialog(() =>
  import('../chat/index.ts').then((chat) => {
    chat.ChatOverlay.prefetch();
    return chat.ChatOverlay;
  }),
);

/**
 * Follow, subscribe, send message (the chat opens over the profile, spec 2) and the creator's
 * channel when the viewer may open it.
 */
export function ProfileActions({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const handleFollowResult = useProfileFollowResult(profile.slug);
  const [chatOpen, setChatOpen] = useState(false);
  return (
    <div className="flex flex-col gap-2 px-5 pb-4 lg:px-8 lg:pb-8">
      <div className="flex flex-wrap gap-2">
        <FollowButton
          userId={profile.id}
          following={profile.isFollowing}
          onClick={handleFollowResult}
        />
        <SubscriptionControl profile={profile} />
        <Button
          variant="secondary"
          {...prefetchOnApproach(ChatOverlay.prefetch)}
          onClick={() => setChatOpen(true)}
        >
          <MessageCircle aria-hidden="true" size={18} />
          {t('home.publicProfile.sendMessage')}
        </Button>
        <ChannelLink channelId={profile.channel_id} label={t('profile.channel')} />
      </div>
      <ChatOverlay
        open={chatOpen}
        onOpenChange={setChatOpen}
        userId={profile.id}
        name={profile.name}
      />
    </div>
  );
}

/** The user's broadcast channel (user.own.channel), when the profile says the viewer may open it. */
export function ChannelLink({ channelId, label }: { channelId: number | null; label: string }) {
  if (channelId === null) return null;
  return (
    <Link
      to={routes['user.own.channel']({ chat_id: channelId })}
      className={buttonClass('secondary')}
    >
      <Radio aria-hidden="true" size={18} />
      {label}
    </Link>
  );
}
