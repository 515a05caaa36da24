import { useTranslation } from 'react-i18next';
import { OverflowMenu } from '../../ui/OverflowMenu.tsx';
import { useBlockMenuEntry } from '../blocking/index.ts';

/** The kebab menu of another user's profile: Block / Unblock (with its confirmation). */
export function ProfileMoreMenu({
  user,
}: {
  user: { id: number; name: string; isBlocked: boolean };
}) {
  const { t } = useTranslation();
  const block = useBlockMenuEntry({ userId: user.id, name: user.name, blocked: user.isBlocked });
  return (
    <>
      <OverflowMenu label={t('blocking.moreOptions')} entries={[block.entry]} />
      {block.dialog}
    </>
  );
}
