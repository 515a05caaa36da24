import type { PublicProfile } from '@glimpse/contract';
import { MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { FollowButton } from '../social/index.ts';
import { SubscriptionControl } from './SubscriptionControl.tsx';
import { useProfileFollowResult } from './use-profile-follow.ts';

/**
 * Follow, subscribe and send message. Messaging lands with chat; until then its button is
 * shown disabled with a hint saying so.
 */
export function ProfileActions({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const hintId = useId();
  const handleFollowResult = useProfileFollowResult(profile.slug);
  return (
    <div className="flex flex-col gap-2 px-5 pb-4 lg:px-8 lg:pb-8">
      <div className="flex flex-wrap gap-2">
        <FollowButton
          userId={profile.id}
          following={profile.isFollowing}
          onClick={handleFollowResult}
        />
        <SubscriptionControl profile={profile} />
        <Button variant="secondary" disabled aria-describedby={hintId} className="opacity-60">
          <MessageCircle aria-hidden="true" size={18} />
          {t('home.publicProfile.sendMessage')}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-neutral-600">
        {t('money.messagesSoon')}
      </p>
    </div>
  );
}
