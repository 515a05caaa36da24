import './blocking-texts.ts';
import { Ban, CircleSlash } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../ui/Button.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { BlockConfirmDialog } from './BlockConfirmDialog.tsx';
import { useBlockChange } from './blocking.queries.ts';

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
  const { notify, notifyError } = useSnackbar();
  const blockChange = useBlockChange();
  const busy = blockChange.pendingId !== null;
  const [confirmOpen, setConfirmOpen] = useState(false);
  // What this control last did, until the caller's data says otherwise.
  const [shown, setShown] = useState(blocked);
  const [given, setGiven] = useState(blocked);
  if (given !== blocked) {
    setGiven(blocked);
    setShown(blocked);
  }

  async function change(block: boolean) {
    try {
      const now = await blockChange.change(userId, block);
      setShown(now);
      setConfirmOpen(false);
      notify.success(t(now ? 'blocking.blocked' : 'blocking.unblocked', { name }));
      onChanged?.(now);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <>
      <button
        type="button"
        aria-label={t(shown ? 'blocking.unblockNamed' : 'blocking.blockNamed', { name })}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => (shown ? void change(false) : setConfirmOpen(true))}
        className={className ?? buttonClass(shown ? 'secondary' : 'danger')}
      >
        {shown ? (
          <CircleSlash aria-hidden="true" size={18} />
        ) : (
          <Ban aria-hidden="true" size={18} />
        )}
        {shown ? t('blocking.unblock') : t('blocking.block')}
      </button>
      <BlockConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        name={name}
        busy={busy}
        onConfirm={() => void change(true)}
      />
    </>
  );
}
