import './blocking-texts.ts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../ui/snackbar.ts';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import { useBlockChange } from './blocking.queries.ts';

const BlockConfirmDialog = lazyDialog(() =>
  import('./BlockConfirmDialog.tsx').then((m) => m.BlockConfirmDialog),
);

export interface BlockTarget {
  userId: number;
  name: string;
  /** Whether the signed-in user has blocked them (companion.blocked, publicProfile.isBlocked). */
  blocked: boolean;
  onChanged?: (blocked: boolean) => void;
}

export interface BlockToggle {
  /** The state to show: what this control last did, until the caller's data says otherwise. */
  shown: boolean;
  busy: boolean;
  /** Block (after the confirmation) or unblock at once. */
  request: () => void;
  /** The confirmation; render it where it outlives the control that opened it (not in a menu). */
  dialog: ReactNode;
}

/**
 * Block or unblock one user, for any control that offers it (the profile's button, the chat
 * header's menu). Says what blocking does before it is done; the caches showing them refresh.
 */
export function useBlockToggle({ userId, name, blocked, onChanged }: BlockTarget): BlockToggle {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const blockChange = useBlockChange();
  const busy = blockChange.pendingId !== null;
  const [confirmOpen, setConfirmOpen] = useState(false);
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

  return {
    shown,
    busy,
    request: () => (shown ? void change(false) : setConfirmOpen(true)),
    dialog: (
      <BlockConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        name={name}
        busy={busy}
        onConfirm={() => void change(true)}
      />
    ),
  };
}
