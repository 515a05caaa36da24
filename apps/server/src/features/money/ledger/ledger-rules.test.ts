import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MAX_CENTS } from '@glimpse/contract';
import { CREDIT_SHARDS, accounts, creditShard } from './ledger-accounts.ts';
import {
  LedgerRuleError,
  checkLegs,
  fingerprintOf,
  purchaseLegs,
  splitPrice,
  topUpLegs,
  type Leg,
} from './ledger-rules.ts';

const pay = (amountCents: number): Leg[] => [
  { account: accounts.wallet(1), amountCents: -amountCents },
  { account: accounts.earningsPending(2), amountCents },
];

describe('checkLegs', () => {
  it('accepts a balanced transfer of whole cents', () => {
    expect(() => checkLegs(pay(499))).not.toThrow();
    expect(() => checkLegs(purchaseLegs(1, 2, 499, 20))).not.toThrow();
  });

  it.each([
    ['zero', 0],
    ['fractional cents', 4.5],
    ['NaN', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
    ['above the maximum', PAYMENT_MAX_CENTS + 1],
  ])('refuses a leg of %s', (_label, amount) => {
    expect(() => checkLegs(pay(amount))).toThrow(LedgerRuleError);
  });

  it('refuses legs that do not sum to zero, a single leg, and one account twice', () => {
    expect(() =>
      checkLegs([
        { account: accounts.wallet(1), amountCents: -100 },
        { account: accounts.earningsPending(2), amountCents: 99 },
      ]),
    ).toThrow(/sum to -1/);
    expect(() => checkLegs([{ account: accounts.wallet(1), amountCents: 100 }])).toThrow(
      LedgerRuleError,
    );
    expect(() =>
      checkLegs([
        { account: accounts.wallet(1), amountCents: -100 },
        { account: accounts.wallet(1), amountCents: 100 },
      ]),
    ).toThrow(/twice/);
  });

  it('refuses owners and shards that do not fit the kind', () => {
    const with1 = (account: Leg['account']): Leg[] => [
      { account, amountCents: 1 },
      { account: accounts.providerClearing(), amountCents: -1 },
    ];
    expect(() => checkLegs(with1({ kind: 'wallet', ownerId: 0 }))).toThrow(/owner/);
    expect(() => checkLegs(with1({ kind: 'wallet', ownerId: 1.5 }))).toThrow(/owner/);
    expect(() =>
      checkLegs(with1({ kind: 'platform_revenue', ownerId: 3 } as unknown as Leg['account'])),
    ).toThrow(/owner/);
    expect(() => checkLegs(with1({ kind: 'wallet', ownerId: 1, shard: 1 }))).toThrow(/shard/);
    expect(() => checkLegs(with1(accounts.earningsPending(1, CREDIT_SHARDS)))).toThrow(/shard/);
    expect(() => checkLegs(with1(accounts.earningsPending(1, CREDIT_SHARDS - 1)))).not.toThrow();
  });
});

describe('splitPrice', () => {
  it('rounds the fee half-up to the cent and gives the creator the rest', () => {
    expect(splitPrice(499, 20)).toEqual({ feeCents: 100, creatorCents: 399 }); // 99.8
    expect(splitPrice(249, 20)).toEqual({ feeCents: 50, creatorCents: 199 }); // 49.8
    expect(splitPrice(1, 20)).toEqual({ feeCents: 0, creatorCents: 1 }); // 0.2
    expect(splitPrice(4, 12.5)).toEqual({ feeCents: 1, creatorCents: 3 }); // 0.5 rounds up
    expect(splitPrice(1, 12.5)).toEqual({ feeCents: 0, creatorCents: 1 }); // 0.125
    expect(splitPrice(1000, 0)).toEqual({ feeCents: 0, creatorCents: 1000 });
    expect(splitPrice(1000, 100)).toEqual({ feeCents: 1000, creatorCents: 0 });
  });

  it('never loses or makes a cent, and the fee is within half a cent of the exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: PAYMENT_MAX_CENTS }),
        fc.integer({ min: 0, max: 10_000 }),
        (price, basisPoints) => {
          const { feeCents, creatorCents } = splitPrice(price, basisPoints / 100);
          expect(feeCents + creatorCents).toBe(price);
          expect(Number.isInteger(feeCents)).toBe(true);
          // In ten-thousandths of a cent, where every quantity is a whole number: a float share
          // (price * percent / 100) carries its own rounding error past the half cent.
          expect(Math.abs(feeCents * 10_000 - price * basisPoints)).toBeLessThanOrEqual(5_000);
        },
      ),
    );
  });
});

describe('purchaseLegs and topUpLegs', () => {
  it('builds balanced legs and leaves zero shares out', () => {
    expect(purchaseLegs(1, 2, 500, 20).map((l) => [l.account.kind, l.amountCents])).toEqual([
      ['wallet', -500],
      ['earnings_pending', 400],
      ['platform_revenue', 100],
    ]);
    expect(purchaseLegs(1, 2, 500, 0)).toHaveLength(2);
    expect(topUpLegs(1, 500).map((l) => [l.account.kind, l.amountCents])).toEqual([
      ['provider_clearing', -500],
      ['wallet', 500],
    ]);
  });

  it('refuses a price or top-up that is not a positive number of cents, and paying oneself', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => purchaseLegs(1, 2, bad, 20)).toThrow(LedgerRuleError);
      expect(() => topUpLegs(1, bad)).toThrow(LedgerRuleError);
    }
    expect(() => purchaseLegs(1, 1, 100, 20)).toThrow(/themselves/);
  });
});

describe('fingerprintOf and creditShard', () => {
  it('ignores key order and undefined fields, and tells other values apart', () => {
    expect(fingerprintOf({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(
      fingerprintOf({ b: [1, { d: 3, c: 2 }], a: 1, e: undefined }),
    );
    expect(fingerprintOf({ amount: 3 })).not.toBe(fingerprintOf({ amount: 4 }));
    expect(fingerprintOf({ amount: 3 })).not.toBe(fingerprintOf({ amount: '3' }));
  });

  it('keeps a payer on one shard and spreads payer-less transfers by key', () => {
    expect(creditShard(17, 'a')).toBe(creditShard(17, 'b'));
    const shards = new Set(Array.from({ length: 200 }, (_, i) => creditShard(null, `evt_${i}`)));
    expect(shards.size).toBe(CREDIT_SHARDS);
  });
});
