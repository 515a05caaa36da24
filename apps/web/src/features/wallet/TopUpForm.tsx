import { PAYMENT_MAX, TOP_UP_MIN, TOP_UP_PRESETS } from '@glimpse/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { formatMoney, parseMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { inputClass } from '../../ui/Field.tsx';
import { AmountChoices, useTopUp } from '../money/index.ts';

interface TopUpFormProps {
  /** An amount a purchase asked for (`?top_up=`): typed in for the person. */
  prefilled: number | null;
  /** Where the checkout returns to. */
  returnTo: string;
}

function amountOf(preset: number | null, custom: string): number | null {
  if (custom.trim() === '') return preset;
  const parsed = parseMoney(custom, PAYMENT_MAX);
  return typeof parsed === 'number' && parsed >= TOP_UP_MIN ? parsed : null;
}

/** Top-up with the preset amounts or any amount from TOP_UP_MIN to PAYMENT_MAX. */
export function TopUpForm({ prefilled, returnTo }: TopUpFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const isPreset = prefilled !== null && (TOP_UP_PRESETS as readonly number[]).includes(prefilled);
  const [preset, setPreset] = useState<number | null>(
    prefilled === null ? TOP_UP_PRESETS[0] : isPreset ? prefilled : null,
  );
  const [custom, setCustom] = useState(prefilled !== null && !isPreset ? String(prefilled) : '');
  const [invalid, setInvalid] = useState(false);
  const topUp = useTopUp();
  const amount = amountOf(preset, custom);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (amount === null) return setInvalid(true);
    topUp.mutate(
      { amount, return_to: returnTo },
      { onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl) },
    );
  }

  const hint = t('wallet.topUp.range', {
    min: formatMoney(TOP_UP_MIN),
    max: formatMoney(PAYMENT_MAX),
  });
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <AmountChoices
        legend={t('wallet.topUp.presets')}
        amounts={TOP_UP_PRESETS}
        value={custom.trim() === '' ? preset : null}
        onChange={(next) => {
          setPreset(next);
          setCustom('');
          setInvalid(false);
        }}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-custom`} className="text-sm font-medium text-neutral-900">
          {t('wallet.topUp.custom')}
        </label>
        <input
          id={`${id}-custom`}
          className={inputClass}
          inputMode="decimal"
          autoComplete="off"
          value={custom}
          aria-invalid={invalid}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setCustom(event.target.value);
            setInvalid(false);
          }}
        />
        <p
          id={`${id}-hint`}
          className="text-xs text-neutral-600"
          role={invalid ? 'alert' : undefined}
        >
          {invalid ? t('wallet.topUp.invalid', { range: hint }) : hint}
        </p>
      </div>
      {topUp.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, topUp.error)}
        </p>
      )}
      <Button type="submit" disabled={topUp.isPending || topUp.isSuccess}>
        {amount === null
          ? t('wallet.topUp.submitPlain')
          : t('wallet.topUp.submit', { amount: formatMoney(amount) })}
      </Button>
    </form>
  );
}
