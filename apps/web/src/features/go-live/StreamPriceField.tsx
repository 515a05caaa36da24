import { STREAM_PRICE_MAX } from '@glimpse/contract';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMoney } from '../../lib/money.ts';
import { cn } from '../../ui/cn.ts';
import { Field, inputClass } from '../../ui/Field.tsx';

/** '' is free; otherwise an amount above 0 and up to STREAM_PRICE_MAX with two decimals. */
export function streamPriceOf(input: string): number | null | 'invalid' {
  const amount = parseMoney(input, STREAM_PRICE_MAX);
  return amount === 0 ? null : amount;
}

interface StreamPriceFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Only identity-verified creators may charge (spec 1, as for stories). */
  verified: boolean;
  /** The locked field was used: check verification again, or explain it. */
  onLockedUse: () => void;
  /** The server's refusal (max_price_error), shown under the field. */
  serverError?: string;
}

/**
 * The entry price, like the story posting price (story-posting's PostingPriceField): locked
 * for unverified creators but still focusable and clickable (aria-disabled), so using it can
 * say why and offer verification.
 */
export function StreamPriceField({
  value,
  onChange,
  verified,
  onLockedUse,
  serverError,
}: StreamPriceFieldProps) {
  const { t } = useTranslation();
  const invalid = streamPriceOf(value) === 'invalid';
  const errors = invalid ? [t('goLive.form.priceInvalid', { max: STREAM_PRICE_MAX })] : [];
  if (serverError) errors.push(serverError);

  function handleLockedKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (['Tab', 'Shift', 'Escape'].includes(event.key)) return;
    event.preventDefault();
    onLockedUse();
  }

  return (
    <Field
      label={t('goLive.form.price')}
      hint={
        verified
          ? t('goLive.form.priceHint', { max: STREAM_PRICE_MAX })
          : t('goLive.form.priceLocked')
      }
      errors={errors}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="decimal"
          placeholder={t('goLive.form.free')}
          value={value}
          readOnly={!verified}
          aria-disabled={!verified || undefined}
          onChange={(event) => onChange(event.target.value)}
          onClick={verified ? undefined : onLockedUse}
          onKeyDown={verified ? undefined : handleLockedKeyDown}
          className={cn(
            inputClass,
            'aria-disabled:cursor-not-allowed aria-disabled:bg-neutral-100 aria-disabled:text-neutral-500',
          )}
        />
      )}
    </Field>
  );
}
