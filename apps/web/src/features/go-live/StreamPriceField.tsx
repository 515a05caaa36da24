import { STREAM_PRICE_MAX } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { parseMoney } from '../../lib/money.ts';
import { Field } from '../../ui/Field.tsx';
import { LockedPriceInput } from '../../ui/LockedPriceInput.tsx';

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
 * for unverified creators (LockedPriceInput).
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
        <LockedPriceInput
          {...control}
          type="text"
          placeholder={t('goLive.form.free')}
          value={value}
          verified={verified}
          onLockedUse={onLockedUse}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
