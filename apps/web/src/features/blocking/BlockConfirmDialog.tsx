import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

interface BlockConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  busy: boolean;
  onConfirm: () => void;
}

/** Says what blocking does before it is done (issue 11 item 10). */
export function BlockConfirmDialog({
  open,
  onOpenChange,
  name,
  busy,
  onConfirm,
}: BlockConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={t('blocking.confirm.title', { name })}
      description={t('blocking.confirm.intro', { name })}
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-800">
        <li>{t('blocking.confirm.noMessages')}</li>
        <li>{t('blocking.confirm.hidden', { name })}</li>
        <li>{t('blocking.confirm.subscription', { name })}</li>
      </ul>
      <p className="text-sm text-neutral-600">{t('blocking.confirm.undo', { name })}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('blocking.confirm.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {t('blocking.confirm.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
