import { fromCents } from '@glimpse/contract';
import type { LedgerTransferKind } from '../../../db/schema/index.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { EffectQueue } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { purchaseLegs } from '../ledger/ledger-rules.ts';
import { balanceCents, transfer, type TransferReceipt } from '../ledger/ledger.service.ts';

/** The ledger transfer kinds that buy something (what a refund of their top-up takes back). */
export const PURCHASE_KINDS = [
  'unlock',
  'tip',
  'subscription',
  'dm_purchase',
  'stream_entry',
] as const satisfies readonly LedgerTransferKind[];
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export interface WalletPayment {
  kind: PurchaseKind;
  payerId: number;
  creatorId: number;
  priceCents: number;
  /** The request's Idempotency-Key, or one derived from what is paid for (renewals, seeds). */
  idempotencyKey: string;
  /** Whose key space the key is in: the payer for their own requests, null for jobs. */
  initiatorId: number | null;
  storyId?: number;
  streamId?: number;
}

/**
 * Pays a creator from a wallet inside the caller's transaction: the price leaves the wallet,
 * the creator's pending earnings get it less PLATFORM_FEE_PERCENT, platform revenue the fee.
 * Throws `insufficient_funds` (roll the transaction back). The payer hears the new balance
 * (`wallet.updated`) once the purchase commits.
 */
export async function payFromWallet(
  ctx: Pick<AppContext, 'config'>,
  tx: Tx,
  effects: EffectQueue,
  payment: WalletPayment,
): Promise<TransferReceipt> {
  const ledger = { db: tx, config: ctx.config };
  const receipt = await transfer(ledger, {
    kind: payment.kind,
    initiatorId: payment.initiatorId,
    idempotencyKey: payment.idempotencyKey,
    legs: purchaseLegs(
      payment.payerId,
      payment.creatorId,
      payment.priceCents,
      ctx.config.platformFeePercent,
    ),
    memo: {
      payerId: payment.payerId,
      creatorId: payment.creatorId,
      ...(payment.storyId === undefined ? {} : { storyId: payment.storyId }),
      ...(payment.streamId === undefined ? {} : { streamId: payment.streamId }),
    },
  });
  const balance = await balanceCents(ledger, accounts.wallet(payment.payerId));
  effects.emitToUser(payment.payerId, 'wallet.updated', { balance: fromCents(balance) });
  return receipt;
}

export function isInsufficientFunds(error: unknown): boolean {
  return error instanceof AppError && error.errKey === 'insufficient_funds';
}
