import { CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { useBlockToggle } from './use-block-toggle.tsx';

/**
 * In place of Follow, Subscribe and Send message on the profile of someone the viewer blocked
 * (the server refuses those with `user_blocked`): what the block means here, and Unblock.
 */
export function BlockedProfileNotice({ user }: { user: { id: number; name: string } }) {
  const { t } = useTranslation();
  const toggle = useBlockToggle({ userId: user.id, name: user.name, blocked: true });
  return (
    <div className="flex flex-col gap-3 px-5 pb-4 sm:flex-row sm:items-center lg:px-8 lg:pb-8">
      <p className="flex items-center gap-2 text-sm text-neutral-700">
        <CircleSlash aria-hidden="true" size={18} className="shrink-0" />
        {t('blocking.profileNotice', { name: user.name })}
      </p>
      <Button
        variant="secondary"
        className="shrink-0"
        onClick={toggle.request}
        disabled={toggle.busy || !toggle.shown}
      >
        {t('blocking.unblockNamed', { name: user.name })}
      </Button>
    </div>
  );
}
