import type { LedgerAccountKind } from '../../../db/schema/index.ts';

/**
 * Naming ledger accounts. Callers say whose account of which kind (`accounts.wallet(userId)`);
 * the ledger finds or creates the row. The rules per kind live here, beside the names.
 */

/** The platform's own accounts: no owner. Every other kind belongs to one user. */
export const SYSTEM_ACCOUNT_KINDS = ['platform_revenue', 'provider_clearing'] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];
export type UserAccountKind = Exclude<LedgerAccountKind, SystemAccountKind>;

/**
 * Kinds split into CREDIT_SHARDS rows. Each is credited by many payers at once (a popular
 * creator's tips, the fee of every purchase, every top-up); with one row per account every
 * such transfer would queue on that row's lock. A credit goes to the shard of its payer (see
 * `creditShard`); a debit of a sharded account names its shard (a refund or release takes the
 * money back from the shard the original credit went to). The balance is the sum over shards.
 */
export const SHARDED_KINDS: ReadonlySet<LedgerAccountKind> = new Set<LedgerAccountKind>([
  'earnings_pending',
  'platform_revenue',
  'provider_clearing',
]);
export const CREDIT_SHARDS = 16;

/**
 * The one kind allowed below zero: the provider's side of the ledger. Money entering the
 * platform (a top-up) is a debit of clearing and a credit of a wallet, so clearing holds minus
 * what the provider owes us. The database refuses a negative balance for every other kind.
 */
export const MAY_GO_NEGATIVE: ReadonlySet<LedgerAccountKind> = new Set<LedgerAccountKind>([
  'provider_clearing',
]);

export type AccountRef =
  | { kind: UserAccountKind; ownerId: number; shard?: number }
  | { kind: SystemAccountKind; ownerId?: null; shard?: number };

/** An account with its shard decided: what the repository looks up. */
export interface ResolvedRef {
  kind: LedgerAccountKind;
  ownerId: number | null;
  shard: number;
}

export const accounts = {
  wallet: (userId: number): AccountRef => ({ kind: 'wallet', ownerId: userId }),
  earningsPending: (userId: number, shard?: number): AccountRef => ({
    kind: 'earnings_pending',
    ownerId: userId,
    ...(shard === undefined ? {} : { shard }),
  }),
  earningsAvailable: (userId: number): AccountRef => ({
    kind: 'earnings_available',
    ownerId: userId,
  }),
  platformRevenue: (): AccountRef => ({ kind: 'platform_revenue' }),
  providerClearing: (): AccountRef => ({ kind: 'provider_clearing' }),
};

/** A stable name for an account regardless of shard: two legs may not name the same one. */
export function accountName(ref: AccountRef): string {
  return `${ref.kind}:${ref.ownerId ?? '-'}`;
}

/**
 * The shard a credit to a sharded account goes to: the payer's, so one payer's transfers (which
 * queue on their own wallet anyway) never spread over shards, and different payers rarely meet.
 * Transfers without a payer (webhooks, jobs) spread by their key.
 */
export function creditShard(initiatorId: number | null, idempotencyKey: string): number {
  if (initiatorId !== null) return initiatorId % CREDIT_SHARDS;
  let hash = 0;
  for (let i = 0; i < idempotencyKey.length; i += 1)
    hash = (hash * 31 + idempotencyKey.charCodeAt(i)) >>> 0;
  return hash % CREDIT_SHARDS;
}
