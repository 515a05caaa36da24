import { BIO_MAX, bundleSchema, SUBSCRIBE_PRICE_MAX } from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { buildProfileBody, DISCOUNT_MAX, parseDiscount, valuesFromUser } from './profile-form.ts';

/** Echoes the key and its values, so the test sees which message and bounds were chosen. */
const t = ((key: string, values?: object) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const values = valuesFromUser(makeUser({ birthdate: '1990-01-01', country_code: 'de' }));

describe('profile form checks come from the contract', () => {
  it('takes the discount bounds from the contract schema', () => {
    expect(DISCOUNT_MAX).toBe(bundleSchema.shape.discount.maxValue);
    expect(parseDiscount(String(DISCOUNT_MAX))).toBe(DISCOUNT_MAX);
    expect(parseDiscount(String(DISCOUNT_MAX + 1))).toBeNull();
    expect(parseDiscount('5.5')).toBeNull();
    expect(parseDiscount('x')).toBeNull();
  });

  it('refuses a discount above the bound with its range', () => {
    const bundles = values.bundles.map((b, i) =>
      i === 0 ? { ...b, discount: String(DISCOUNT_MAX + 1) } : b,
    );
    const check = buildProfileBody({ ...values, bundles }, [], t);
    expect(check).toEqual({
      ok: false,
      errors: { bundles: [`fields.discount_invalid {"min":0,"max":${DISCOUNT_MAX}}`] },
    });
  });

  it('refuses a bio over the contract limit and a price with three decimals', () => {
    const check = buildProfileBody(
      { ...values, bio: 'x'.repeat(BIO_MAX + 1), subscribePrice: '1.234' },
      [],
      t,
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        bio: [`fields.too_long {"max":${BIO_MAX}}`],
        subscribePrice: [`fields.money_invalid {"max":${SUBSCRIBE_PRICE_MAX}}`],
      },
    });
  });

  it('builds the body when the contract accepts it', () => {
    const check = buildProfileBody({ ...values, subscribePrice: '4.99' }, [], t);
    expect(check.ok && check.body.subscribePrice).toBe(4.99);
  });
});
