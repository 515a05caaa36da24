import './blocking-texts.ts';
import { Ban, CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../ui/Button.tsx';
import { useBlockToggle } from './use-block-toggle.tsx';

export interface BlockUserMenuItemProps {
  userId: number;
  name: string;
  /** Whether the signed-in user has blocked them (companion.blocked, publicProfile.isBlocked). */
  blocked: boolean;
  onChanged?: (blocked: boolean) => void;
  /** Replaces the button look, e.g. to sit as a row in a menu. */
  className?: string;
}

/**
 * Block (after a confirmation saying what it does) or unblock a user, for a profile's actions
 * or a chat header's menu. Shows the new state at once; the caches showing them are refreshed.
 */
export function BlockUserMenuItem({
  userId,
  name,
  blocked,
  onChanged,
  className,
}: BlockUserMenuItemProps) {
  const { t } = useTranslation();
  const toggle = useBlockToggle({ userId, name, blocked, onChanged });
  const { shown, busy } = toggle;
  return (
    <>
      <button
        type="button"
        aria-label={t(shown ? 'blocking.unblockNamed' : 'blocking.blockNamed', { name })}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={toggle.request}
        className={className ?? buttonClass(shown ? 'secondary' : 'danger')}
      >
        {shown ? (
          <CircleSlash aria-hidden="true" size={18} />
        ) : (
          <Ban aria-hidden="true" size={18} />
        )}
        {shown ? t('blocking.unblock') : t('blocking.block')}
      </button>
      {toggle.dialog}
    </>
  );
}
