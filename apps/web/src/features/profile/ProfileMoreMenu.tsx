import { useTranslation } from 'react-i18next';
import { OverflowMenu } from '../../ui/OverflowMenu.tsx';
import { useBlockMenuEntry } from '../blocking/index.ts';
import { useMuteMenuEntry } from '../notifications/index.ts';

/**
 * The kebab menu of another user's profile: Block / Unblock (with its confirmation), Mute /
 * Unmute notifications.
 */
export function ProfileMoreMenu({
  user,
}: {
  user: { id: number; name: string; slug: string; profileImage: string | null; isBlocked: boolean };
}) {
  const { t } = useTranslation();
  const block = useBlockMenuEntry({ userId: user.id, name: user.name, blocked: user.isBlocked });
  const mute = useMuteMenuEntry({
    id: user.id,
    name: user.name,
    slug: user.slug,
    avatarUrl: user.profileImage,
  });
  return (
    <>
      <OverflowMenu
        label={t('blocking.moreOptions')}
        entries={mute ? [block.entry, mute] : [block.entry]}
      />
      {block.dialog}
    </>
  );
}
