import { useTranslation } from 'react-i18next';
import { InfoDialog } from '../../ui/InfoDialog.tsx';

interface VerifyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Shown when a price above 0 needs identity verification the user does not have. The
 * verification flow itself arrives with the wallet, and the dialog says so rather than
 * pointing at a screen that does not exist yet.
 */
export function VerifyDialog({ open, onOpenChange }: VerifyDialogProps) {
  const { t } = useTranslation();
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('posting.verify.title')}
      content={t('posting.verify.body')}
    />
  );
}
