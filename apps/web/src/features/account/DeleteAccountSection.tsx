import './account-deletion-texts.ts';
import { ACCOUNT_DELETION_DAYS } from '@glimpse/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { AccountSection } from './AccountSection.tsx';
import { DeletionBanner } from './DeletionBanner.tsx';

// The dialog (Radix, the form, the step-up) stays out of the screen's chunk until it is opened.
const DeleteAccountDialog = lazyDialog(() =>
  import('./DeleteAccountDialog.tsx').then((m) => m.DeleteAccountDialog),
);

/**
 * The security screen's last card: deleting the account, after a dialog that says what it does.
 * While a deletion is pending (the owner signed in again) it says when, with Keep my account;
 * once kept, it says so above the way to delete.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  const scheduled = me.deletion_scheduled_for !== null;
  const [wasScheduled, setWasScheduled] = useState(scheduled);
  if (scheduled && !wasScheduled) setWasScheduled(true);
  return (
    <AccountSection heading={t('accountDeletion.heading')}>
      {wasScheduled && <DeletionBanner headingLevel={3} />}
      {!scheduled && (
        <>
          <p className="text-sm text-neutral-700">
            {t('accountDeletion.intro', { days: ACCOUNT_DELETION_DAYS })}
          </p>
          <Button
            variant="danger"
            className="self-start"
            onClick={() => setOpen(true)}
            onPointerEnter={DeleteAccountDialog.prefetch}
            onFocus={DeleteAccountDialog.prefetch}
          >
            <Trash2 aria-hidden="true" size={18} />
            {t('accountDeletion.open')}
          </Button>
          <DeleteAccountDialog open={open} onOpenChange={setOpen} />
        </>
      )}
    </AccountSection>
  );
}
