import type { PayoutMethod } from '@glimpse/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { usePayoutMethod } from './payout-method.queries.ts';
import { PayoutMethodForm } from './PayoutMethodForm.tsx';
import { PayoutMethodStripe } from './PayoutMethodStripe.tsx';

type BankAccount = Extract<PayoutMethod, { kind: 'bank_account' }>;

interface PayoutMethodCardProps {
  /** Raised (a new number) when the payout button sends the creator here to add a method. */
  focusRequest?: number;
}

/** `?payout_setup=done|retry`: Stripe's onboarding sending the creator back. */
function stripeReturnOf(search: URLSearchParams): 'done' | 'retry' | undefined {
  const value = search.get('payout_setup');
  return value === 'done' || value === 'retry' ? value : undefined;
}

/**
 * Where a creator's payouts go: none yet (the bank form, or Stripe's onboarding with Stripe),
 * or the account it is (IBAN masked) with Change. Changes are mailed and need the second factor.
 */
export function PayoutMethodCard({ focusRequest = 0 }: PayoutMethodCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [searchParams] = useSearchParams();
  const query = usePayoutMethod();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (focusRequest === 0) return;
    const section = sectionRef.current;
    section?.scrollIntoView?.({ block: 'center' });
    // The first thing to act on: the holder field, the Stripe button, or Change.
    section?.querySelector<HTMLElement>('input, button')?.focus();
  }, [focusRequest]);

  let body;
  if (query.isPending) {
    body = <Spinner className="self-center" label={t('wallet.payoutMethod.loading')} />;
  } else if (query.isError) {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {t('wallet.payoutMethod.failed')}{' '}
        <Button variant="ghost" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </p>
    );
  } else if (query.data.accepts === 'stripe_connect') {
    const method = query.data.method?.kind === 'stripe_connect' ? query.data.method : null;
    body = <PayoutMethodStripe method={method} returned={stripeReturnOf(searchParams)} />;
  } else {
    const method = query.data.method?.kind === 'bank_account' ? query.data.method : undefined;
    body =
      method && !editing ? (
        <BankAccountDetails
          method={method}
          saved={saved}
          onChange={() => {
            setSaved(false);
            setEditing(true);
          }}
        />
      ) : (
        <>
          {!method && <p className="text-sm text-neutral-700">{t('wallet.payoutMethod.none')}</p>}
          <PayoutMethodForm
            current={method}
            onSaved={() => {
              setEditing(false);
              setSaved(true);
            }}
            onCancel={method ? () => setEditing(false) : undefined}
          />
        </>
      );
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 p-4"
    >
      <h3 id={headingId} className="text-base font-semibold">
        {t('wallet.payoutMethod.title')}
      </h3>
      {body}
      <p className="text-xs text-neutral-600">{t('wallet.payoutMethod.mailed')}</p>
    </section>
  );
}

interface BankAccountDetailsProps {
  method: BankAccount;
  /** Just saved here: say so (and that a mail went out). */
  saved: boolean;
  onChange: () => void;
}

function BankAccountDetails({ method, saved, onChange }: BankAccountDetailsProps) {
  const { t } = useTranslation();
  const rows = [
    [t('wallet.payoutMethod.holder'), method.holder_name, ''],
    [t('wallet.payoutMethod.iban'), method.iban_masked, 'font-mono'],
    [t('wallet.payoutMethod.bic'), method.bic, 'font-mono'],
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      {saved && (
        <p role="status" className="rounded-xl bg-green-50 p-3 text-sm text-green-900">
          {t('wallet.payoutMethod.saved')}
        </p>
      )}
      {/* Label over value on a phone (the masked IBAN keeps one line), side by side wider. */}
      <dl className="flex flex-col gap-2 text-sm sm:grid sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4 sm:gap-y-1">
        {rows.map(([label, value, font]) => (
          <div key={label} className="flex flex-col sm:contents">
            <dt className="text-neutral-600">{label}</dt>
            <dd className={`${font} break-words text-neutral-900`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-neutral-600">{t('wallet.payoutMethod.masked')}</p>
      <Button
        variant="secondary"
        onClick={onChange}
        aria-label={t('wallet.payoutMethod.changeLabel')}
        className="sm:self-start"
      >
        {t('wallet.payoutMethod.change')}
      </Button>
    </div>
  );
}
