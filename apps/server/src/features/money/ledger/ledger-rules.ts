import { createHash } from 'node:crypto';
import { PAYMENT_MAX_CENTS } from '@glimpse/contract';
import {
  CREDIT_SHARDS,
  SHARDED_KINDS,
  SYSTEM_ACCOUNT_KINDS,
  accountName,
  accounts,
  type AccountRef,
} from './ledger-accounts.ts';

/**
 * A transfer the ledger refuses to write because its caller built it wrong (unbalanced legs,
 * fractions of a cent, an amount over the limit). Requests are validated long before this
 * (the contract's schemas), so reaching it is a bug: it fails the request as a 500 and the
 * transaction writes nothing.
 */
export class LedgerRuleError extends Error {
  override name = 'LedgerRuleError';
}

/** One side of a transfer: negative takes money out of the account, positive puts it in. */
export interface Leg {
  account: AccountRef;
  amountCents: number;
}

const systemKinds: ReadonlySet<string> = new Set(SYSTEM_ACCOUNT_KINDS);

/** Refuses anything but a balanced transfer of whole cents, each leg within PAYMENT_MAX_CENTS. */
export function checkLegs(legs: readonly Leg[]): void {
  if (legs.length < 2) throw new LedgerRuleError('a transfer needs at least two legs');
  const seen = new Set<string>();
  let sum = 0;
  for (const { account, amountCents } of legs) {
    if (!Number.isSafeInteger(amountCents))
      throw new LedgerRuleError(`amount ${amountCents} is not a whole number of cents`);
    if (amountCents === 0) throw new LedgerRuleError('a leg of zero moves nothing');
    if (Math.abs(amountCents) > PAYMENT_MAX_CENTS)
      throw new LedgerRuleError(`amount ${amountCents} is over the ${PAYMENT_MAX_CENTS} limit`);
    checkAccount(account);
    const name = accountName(account);
    if (seen.has(name)) throw new LedgerRuleError(`${name} appears twice in one transfer`);
    seen.add(name);
    sum += amountCents;
  }
  if (sum !== 0) throw new LedgerRuleError(`legs sum to ${sum}, not zero`);
}

function checkAccount(account: AccountRef): void {
  const isSystem = systemKinds.has(account.kind);
  const owner = account.ownerId;
  if (isSystem ? owner != null : !(Number.isSafeInteger(owner) && (owner as number) > 0))
    throw new LedgerRuleError(`${account.kind} has the wrong owner ${String(owner)}`);
  const { shard } = account;
  if (shard === undefined) return;
  const valid = SHARDED_KINDS.has(account.kind)
    ? Number.isInteger(shard) && shard >= 0 && shard < CREDIT_SHARDS
    : shard === 0;
  if (!valid) throw new LedgerRuleError(`${account.kind} has no shard ${shard}`);
}

/**
 * The platform's fee on a price: `feePercent` of it rounded half-up to the cent, in integers
 * (basis points) so 12.5% of 1 cent is 0 and of 4 cents is 1 (0.5 rounds up). The creator gets
 * the rest, so fee + creator share is always exactly the price.
 */
export function splitPrice(
  priceCents: number,
  feePercent: number,
): { feeCents: number; creatorCents: number } {
  const basisPoints = Math.round(feePercent * 100);
  const feeCents = Math.floor((priceCents * basisPoints + 5_000) / 10_000);
  return { feeCents, creatorCents: priceCents - feeCents };
}

/**
 * The legs of a purchase from a wallet: the payer pays the price, the creator's pending
 * earnings get the price less the fee, platform revenue gets the fee. A zero share is left out
 * (a 0% fee, or a 100% fee).
 */
export function purchaseLegs(
  payerId: number,
  creatorId: number,
  priceCents: number,
  feePercent: number,
): Leg[] {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0)
    throw new LedgerRuleError(`price ${priceCents} is not a positive number of cents`);
  if (payerId === creatorId) throw new LedgerRuleError('a creator cannot pay themselves');
  const { feeCents, creatorCents } = splitPrice(priceCents, feePercent);
  const legs: Leg[] = [{ account: accounts.wallet(payerId), amountCents: -priceCents }];
  if (creatorCents > 0)
    legs.push({ account: accounts.earningsPending(creatorId), amountCents: creatorCents });
  if (feeCents > 0) legs.push({ account: accounts.platformRevenue(), amountCents: feeCents });
  return legs;
}

/** Money entering from the payment provider into a wallet. */
export function topUpLegs(userId: number, amountCents: number): Leg[] {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new LedgerRuleError(`top-up ${amountCents} is not a positive number of cents`);
  return [
    { account: accounts.providerClearing(), amountCents: -amountCents },
    { account: accounts.wallet(userId), amountCents },
  ];
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A hash of what was asked, to tell a retry (same hash) from a reused key (another hash). */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}
