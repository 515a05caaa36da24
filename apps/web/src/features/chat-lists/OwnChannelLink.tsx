import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { ButtonRoom, buttonClass } from '../../ui/Button.tsx';
import { useChatList } from './chat-lists.queries.ts';

/** "My channel" on the own profile: every user owns one channel (the first of the list). */
export function OwnChannelLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const channels = useChatList('channel');
  const own = channels.data?.find((item) => item.isChatOwner);
  if (channels.isPending) {
    // Its room, kept while the list loads: the buttons below it (Sign out last) would otherwise
    // jump down as it arrives, under a finger or a click already on its way.
    return (
      <ButtonRoom
        icon={<Radio size={18} />}
        label={t('chat.profile.myChannel')}
        className={className}
      />
    );
  }
  if (!own) return null;
  return (
    <Link
      to={routes['user.own.channel']({ chat_id: own.chat_id })}
      className={buttonClass('secondary', className)}
    >
      <Radio aria-hidden="true" size={18} />
      {t('chat.profile.myChannel')}
    </Link>
  );
}
