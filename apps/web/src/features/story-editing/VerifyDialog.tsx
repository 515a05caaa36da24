import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { currentReturnPath, useStartVerification } from '../verification/index.ts';

interface VerifyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Shown wherever a price or a tip request needs identity verification the user does not have:
 * says what verification unlocks and sends the user to the identity provider ("Verify now"),
 * who brings them back to this very screen with the outcome.
 */
export function VerifyDialog({ open, onOpenChange }: VerifyDialogProps) {
  const { t } = useTranslation();
  const { notifyError } = useSnackbar();
  const start = useStartVerification();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('verification.dialogTitle')}>
      <p className="text-sm text-neutral-800">{t('verification.dialogIntro')}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-800">
        <li>{t('verification.benefits.prices')}</li>
        <li>{t('verification.benefits.tips')}</li>
        <li>{t('verification.benefits.earnings')}</li>
      </ul>
      <p className="text-sm text-neutral-600">{t('verification.dialogHow')}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('verification.notNow')}
        </Button>
        <Button
          disabled={start.isPending}
          onClick={() => start.mutate(currentReturnPath(), { onError: notifyError })}
        >
          {start.isPending ? t('verification.opening') : t('verification.verifyNow')}
        </Button>
      </div>
    </Dialog>
  );
}
