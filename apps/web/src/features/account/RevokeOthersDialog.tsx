import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

interface RevokeOthersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
}

/** Asks before every other device is signed out: they need the password again afterwards. */
export function RevokeOthersDialog({
  open,
  onOpenChange,
  onConfirm,
  busy,
}: RevokeOthersDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={t('account.sessions.confirmTitle')}
      description={t('account.sessions.confirmBody')}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('account.sessions.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {t('account.sessions.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
