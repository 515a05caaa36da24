import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { AmountChoices } from './AmountChoices.tsx';
import { useTopUp } from './money.queries.ts';
import { returnPathWith, type ResumeMarker } from './purchase-resume.ts';
import { suggestedTopUp, topUpChoices } from './top-up-amount.ts';

export interface InsufficientFundsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How much is lacking, when known: the suggested top-up covers it. */
  missing?: number;
  /** The purchase to finish once the person is back from the checkout. */
  resume?: ResumeMarker | null;
}

/**
 * Spec 8: the balance is too low. Offers a top-up that comes back here (with the resume marker)
 * once the checkout is done; the browser leaves for the provider's page meanwhile.
 */
export function InsufficientFundsDialog({
  open,
  onOpenChange,
  missing = 0,
  resume = null,
}: InsufficientFundsDialogProps) {
  const { t } = useTranslation();
  const suggested = suggestedTopUp(missing);
  const [amount, setAmount] = useState(suggested);
  const topUp = useTopUp();

  function handleTopUp() {
    // window.location, not the router's: the story viewer renders above the router.
    const { pathname, search } = window.location;
    const returnTo = returnPathWith(`${pathname}${search}`, resume);
    topUp.mutate(
      { amount, return_to: returnTo },
      { onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl) },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('money.insufficient.title')}
      description={t('money.insufficient.body')}
    >
      <AmountChoices
        legend={t('money.topUp.amount')}
        amounts={topUpChoices(suggested)}
        value={amount}
        onChange={setAmount}
      />
      {topUp.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, topUp.error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('money.cancel')}
        </Button>
        <Button onClick={handleTopUp} disabled={topUp.isPending || topUp.isSuccess}>
          {t('money.insufficient.topUp', { amount: formatMoney(amount) })}
        </Button>
      </div>
    </Dialog>
  );
}
