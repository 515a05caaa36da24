import { STORY_PRICE_MAX, STORY_PRICE_MIN } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.tsx';
import { LockedPriceInput } from '../../ui/LockedPriceInput.tsx';
import {
  changePostingPrice,
  choosePostingFree,
  type PostingPrice,
  type PostingPriceProblem,
} from './posting-rules.ts';
// The posting texts join the translations with story-editing (its posting-texts.ts).
import '../story-editing/index.ts';

interface PostingPriceFieldProps {
  value: PostingPrice;
  onChange: (value: PostingPrice) => void;
  problem: PostingPriceProblem | undefined;
  /** Only identity-verified users may set a price (spec 5). */
  verified: boolean;
  /** The locked field was clicked or typed into: run the verification check. */
  onLockedUse: () => void;
  disabled?: boolean;
}

/**
 * Price and the free radio, kept in sync by the posting rules. For unverified users the field is
 * locked but stays clickable and focusable (aria-disabled), so using it can explain why.
 */
export function PostingPriceField({
  value,
  onChange,
  problem,
  verified,
  onLockedUse,
  disabled = false,
}: PostingPriceFieldProps) {
  const { t } = useTranslation();
  const errors = problem
    ? [
        problem === 'max_price_error'
          ? t('errors.max_price_error', { min: STORY_PRICE_MIN, max: STORY_PRICE_MAX })
          : t('fields.at_most_two_decimals'),
      ]
    : [];

  return (
    <div className="flex flex-col gap-3">
      <Field
        label={t('posting.form.price')}
        hint={
          verified
            ? t('posting.form.priceHint', { min: STORY_PRICE_MIN, max: STORY_PRICE_MAX })
            : t('posting.form.priceLocked')
        }
        errors={errors}
      >
        {(control) => (
          <LockedPriceInput
            {...control}
            type="number"
            min={STORY_PRICE_MIN}
            step="0.01"
            placeholder={`${STORY_PRICE_MIN}-${STORY_PRICE_MAX}`}
            value={value.price}
            verified={verified}
            onLockedUse={onLockedUse}
            disabled={disabled}
            onChange={(event) => onChange(changePostingPrice(event.target.value))}
          />
        )}
      </Field>
      <label className="inline-flex min-h-11 items-center gap-2 text-base text-neutral-900">
        <input
          type="radio"
          name="story-free"
          value="free"
          checked={value.free}
          disabled={disabled}
          onChange={() => onChange(choosePostingFree())}
          className="size-5 accent-accent-strong"
        />
        {t('posting.form.free')}
      </label>
    </div>
  );
}
