import { useTranslation } from 'react-i18next';
import { OverflowMenu } from '../../ui/OverflowMenu.tsx';
import { useBlockMenuEntry } from '../blocking/index.ts';
import { useMuteMenuEntry } from '../notifications/index.ts';
import { useReportMenuEntry } from '../reports/index.ts';

/**
 * The kebab menu of another user's profile: Block / Unblock (with its confirmation), Mute /
 * Unmute notifications, Report (the moderators' queue).
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
  const report = useReportMenuEntry({ kind: 'user', targetId: user.id, name: user.name });
  return (
    <>
      <OverflowMenu
        label={t('blocking.moreOptions')}
        entries={mute ? [block.entry, mute, report.entry] : [block.entry, report.entry]}
      />
      {block.dialog}
      {report.dialog}
    </>
  );
}
