import { expect } from 'vitest';
import type { TestServer } from '../../../../test/harness.ts';
import { accounts } from '../ledger-accounts.ts';
import { splitPrice } from '../ledger-rules.ts';
import { balanceCents } from '../ledger.service.ts';
import { ledgerViolations } from './ledger-fixtures.ts';

/**
 * The in-memory model of the ledger model test (`ledger-model.api.test.ts`) and what its
 * commands share: the model, the real ids it stands for, charging it, comparing it.
 */

export const FEE_PERCENT = 20;
export const PAYERS = 3;
export const CREATORS = 2;
/** Each creator's one priced story and monthly subscription price. */
export const STORY_PRICE = 700;
export const MONTHLY_PRICE = 900;

export interface Payment {
  key: string;
  /** `raw`: a bare ledger payment with no domain row. */
  kind: 'raw' | 'tip' | 'unlock' | 'subscription';
  payer: number;
  creator: number;
  priceCents: number;
  transferId: number;
  refunded: boolean;
}

export interface Model {
  wallets: number[];
  pending: number[];
  /** Platform revenue and provider clearing moved by this run (shared accounts). */
  revenue: number;
  clearing: number;
  payments: Payment[];
  /** `payer:creator` pairs: story unlocked, subscription period live (its transfer). */
  unlocked: Set<string>;
  subscribed: Map<string, number>;
}

export interface Real {
  server: TestServer;
  payers: number[];
  creators: number[];
  stories: number[];
  revenueAtStart: number;
  clearingAtStart: number;
}

export const pair = (payer: number, creator: number) => `${payer}:${creator}`;

/** Charges the model for a purchase from a wallet and records it for refunds. */
export function charge(model: Model, payment: Omit<Payment, 'refunded'>) {
  const { feeCents, creatorCents } = splitPrice(payment.priceCents, FEE_PERCENT);
  model.wallets[payment.payer]! -= payment.priceCents;
  model.pending[payment.creator]! += creatorCents;
  model.revenue += feeCents;
  model.payments.push({ ...payment, refunded: false });
}

export async function expectMatches(model: Model, real: Real): Promise<void> {
  for (const [i, id] of real.payers.entries())
    expect(await balanceCents(real.server.ctx, accounts.wallet(id)), `wallet ${i}`).toBe(
      model.wallets[i],
    );
  for (const [i, id] of real.creators.entries())
    expect(await balanceCents(real.server.ctx, accounts.earningsPending(id)), `pending ${i}`).toBe(
      model.pending[i],
    );
  expect(await balanceCents(real.server.ctx, accounts.platformRevenue())).toBe(
    real.revenueAtStart + model.revenue,
  );
  expect(await balanceCents(real.server.ctx, accounts.providerClearing())).toBe(
    real.clearingAtStart + model.clearing,
  );
  expect(model.wallets.every((w) => w >= 0)).toBe(true);
  expect(await ledgerViolations(real.server.ctx.db)).toEqual([]);
}
