import { SUBSCRIBE_PRICE_MAX } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../lib/money.ts';
import { FieldErrors, inputClass } from '../../ui/Field.tsx';
import { bundleTotal } from './bundle-total.ts';
import {
  DISCOUNT_MAX,
  DISCOUNT_MIN,
  parseDiscount,
  type BundleDraft,
  type SectionProps,
} from './profile-form.ts';

/** Bundles of 3, 6 and 12 months: enabled flag, discount percent and the resulting total. */
export function BundlesEditor({ values, errors, onChange }: SectionProps) {
  const { t } = useTranslation();
  const price = parseMoney(values.subscribePrice, SUBSCRIBE_PRICE_MAX);

  function handleChange(period: number, patch: Partial<BundleDraft>) {
    onChange({
      bundles: values.bundles.map((bundle) =>
        bundle.period === period ? { ...bundle, ...patch } : bundle,
      ),
    });
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold text-neutral-900">
        {t('profile.bundles')}
      </legend>
      <p className="text-sm text-neutral-600">{t('profile.bundlesHint')}</p>
      <ul className="flex flex-col gap-3">
        {values.bundles.map((bundle) => {
          const discount = parseDiscount(bundle.discount);
          const total =
            typeof price === 'number' && discount !== null
              ? t('profile.bundleTotal', {
                  total: formatMoney(bundleTotal(price, bundle.period, discount)),
                })
              : t('profile.bundleTotalUnknown');
          const enabledId = `bundle-${bundle.period}-enabled`;
          const discountId = `bundle-${bundle.period}-discount`;
          return (
            <li
              key={bundle.period}
              className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-3"
            >
              <div className="flex min-h-10 items-center gap-3">
                <input
                  id={enabledId}
                  type="checkbox"
                  checked={bundle.isEnabled}
                  onChange={(event) =>
                    handleChange(bundle.period, { isEnabled: event.target.checked })
                  }
                  className="size-5 accent-accent-strong"
                />
                <label htmlFor={enabledId} className="text-sm font-medium">
                  {t('profile.bundleEnabled', { count: bundle.period })}
                </label>
              </div>
              <div className="flex items-end gap-3">
                <div className="flex w-32 flex-col gap-1">
                  <label htmlFor={discountId} className="text-xs font-medium text-neutral-700">
                    {t('profile.bundleDiscount', { count: bundle.period })}
                  </label>
                  <input
                    id={discountId}
                    type="number"
                    inputMode="numeric"
                    min={DISCOUNT_MIN}
                    max={DISCOUNT_MAX}
                    step={1}
                    value={bundle.discount}
                    aria-invalid={discount === null}
                    onChange={(event) =>
                      handleChange(bundle.period, { discount: event.target.value })
                    }
                    className={inputClass}
                  />
                </div>
                <p
                  className="min-h-11 flex-1 content-center text-sm text-neutral-800"
                  aria-live="polite"
                >
                  {total}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <FieldErrors errors={errors.bundles ?? []} />
    </fieldset>
  );
}
