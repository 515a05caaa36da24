import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Defaults to "Are you sure?". */
  title?: string;
  message?: string;
  /** An extra line under the message (e.g. the delete hint for verified users). */
  hint?: string;
  onConfirm: () => void;
  onCancel?: () => void;
  busy?: boolean;
}

/** The generic yes/no confirmation (spec 2), with the dialogs.yes / dialogs.no texts. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  hint,
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();

  function handleYes() {
    onConfirm();
    onOpenChange(false);
  }

  function handleNo() {
    onCancel?.();
    onOpenChange(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : handleNo())}
      title={title ?? t('dialogs.confirmTitle')}
      description={message}
      role="alertdialog"
    >
      {hint && <p className="text-xs text-neutral-600">{hint}</p>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={handleNo}>
          {t('dialogs.no')}
        </Button>
        <Button onClick={handleYes} disabled={busy}>
          {t('dialogs.yes')}
        </Button>
      </div>
    </Dialog>
  );
}
