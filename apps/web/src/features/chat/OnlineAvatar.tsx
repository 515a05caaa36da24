import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar.tsx';

interface OnlineAvatarProps {
  src: string | null;
  name: string;
  online: boolean;
  lazy?: boolean;
}

/**
 * A 40 px avatar with a green dot while the person is online (lists and the chat header). The
 * picture is decoration beside the name; the dot says "Online" to screen readers.
 */
export function OnlineAvatar({ src, name, online, lazy }: OnlineAvatarProps) {
  const { t } = useTranslation();
  return (
    <span className="relative inline-flex shrink-0">
      <span aria-hidden="true" className="inline-flex">
        <Avatar src={src} name={name} size="sm" lazy={lazy} />
      </span>
      {online && (
        <span className="absolute right-0 bottom-0 size-3 rounded-full border-2 border-white bg-green-600">
          <span className="sr-only">{t('chat.online')}</span>
        </span>
      )}
    </span>
  );
}
