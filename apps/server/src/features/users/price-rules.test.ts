import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors/app-error.ts';
import { resolvePriceCents } from '../stories/story-rules.ts';
import { assertMaySetPrices } from './price-rules.ts';

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.toBody() : error;
  }
  return undefined;
}

describe('assertMaySetPrices', () => {
  it('lets anyone set no price: null, undefined or 0', () => {
    expect(refusal(() => assertMaySetPrices({ a: null, b: undefined, c: 0 }, false))).toBe(
      undefined,
    );
  });

  it('refuses an unverified user every price above 0, naming each field', () => {
    expect(
      refusal(() =>
        assertMaySetPrices({ subscribePrice: 4.99, directMessagePrice: 0.01, other: 0 }, false),
      ),
    ).toEqual({
      err_key: 'verification_required',
      err_msg: {
        subscribePrice: ['verification_required'],
        directMessagePrice: ['verification_required'],
      },
      errors: {
        subscribePrice: ['verification_required'],
        directMessagePrice: ['verification_required'],
      },
    });
  });

  it('lets a verified user set any price', () => {
    expect(refusal(() => assertMaySetPrices({ subscribePrice: 999.99 }, true))).toBe(undefined);
  });

  it('is the rule story prices use too', () => {
    expect(refusal(() => resolvePriceCents({ price: 2.5 }, false))).toMatchObject({
      err_key: 'verification_required',
      err_msg: { price: ['verification_required'] },
    });
    expect(resolvePriceCents({ price: 2.5 }, true)).toBe(250);
  });
});
