import { Ban, CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OverflowMenu, OverflowMenuItem } from '../../ui/OverflowMenu.tsx';
import { useBlockToggle } from '../blocking/index.ts';

/** The kebab menu of another user's profile: Block / Unblock (with its confirmation). */
export function ProfileMoreMenu({
  user,
}: {
  user: { id: number; name: string; isBlocked: boolean };
}) {
  const { t } = useTranslation();
  const toggle = useBlockToggle({ userId: user.id, name: user.name, blocked: user.isBlocked });
  return (
    <>
      <OverflowMenu label={t('blocking.moreOptions')}>
        <OverflowMenuItem onSelect={toggle.request}>
          {toggle.shown ? (
            <CircleSlash aria-hidden="true" size={18} />
          ) : (
            <Ban aria-hidden="true" size={18} />
          )}
          {t(toggle.shown ? 'blocking.unblockNamed' : 'blocking.blockNamed', { name: user.name })}
        </OverflowMenuItem>
      </OverflowMenu>
      {toggle.dialog}
    </>
  );
}
