import type { LedgerTransferKind } from '../../../db/schema/index.ts';
import type { Config } from '../../../platform/config/config.ts';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import {
  MAY_GO_NEGATIVE,
  SHARDED_KINDS,
  creditShard,
  type AccountRef,
  type ResolvedRef,
} from './ledger-accounts.ts';
import { LedgerRuleError, checkLegs, fingerprintOf, type Leg } from './ledger-rules.ts';
import * as repo from './ledger.repository.ts';

/**
 * The ledger's whole API: `transfer` writes one balanced transfer, `reverseTransfer` undoes one
 * (refund, chargeback), `balanceCents` reads an account. Both writers run inside the caller's
 * transaction (`Tx`, so a purchase commits its transfer and its domain row together or
 * neither), are idempotent by key, and refuse an overdraft with `insufficient_funds`.
 *
 * A refusal throws: let it propagate out of `inTransaction` so the whole purchase rolls back.
 * Catching it and going on in the same transaction would commit the claimed key without money.
 */

/** A transaction and the currency every account is kept in. */
export interface LedgerContext {
  db: Tx;
  config: Pick<Config, 'currency'>;
}

/** What a transfer was for: shown in wallet histories and earnings, never used for money. */
export interface TransferMemo {
  storyId?: number;
  /** A live stream's paid entry. */
  streamId?: number;
  /** The user who paid (wallet side). */
  payerId?: number;
  /** The creator who earned. */
  creatorId?: number;
  /** The payment provider and its reference (checkout session, event, payout id). */
  provider?: string;
  providerRef?: string;
}

export interface TransferRequest {
  kind: LedgerTransferKind;
  /** Whose request this is, scoping the key; null for the platform's own (webhooks, jobs). */
  initiatorId: number | null;
  /**
   * Unique per initiator: a second transfer with the same key writes nothing and answers the
   * first (`replayed: true`). A request that makes several transfers derives one key for each.
   */
  idempotencyKey: string;
  legs: readonly Leg[];
  memo?: TransferMemo;
  /** What identifies a true retry; defaults to a hash of kind, legs and memo. */
  fingerprint?: string;
}

export interface TransferReceipt {
  transferId: number;
  createdAt: Date;
  /** True when the key had been used: nothing was written this time. */
  replayed: boolean;
}

const KEY_MAX = 255;

function checkKey(key: string): void {
  if (key.length === 0 || key.length > KEY_MAX)
    throw new LedgerRuleError(`idempotency key must be 1-${KEY_MAX} characters`);
}

/** A replay of the stored transfer, or 422 when the key was used for something else. */
function replayOf(stored: repo.StoredTransfer, fingerprint: string): TransferReceipt {
  if (stored.fingerprint !== fingerprint) throw new AppError('idempotency_mismatch');
  return { transferId: stored.id, createdAt: stored.createdAt, replayed: true };
}

/** The shard of every leg: credits to sharded kinds go to the payer's shard. */
function resolveShards(request: TransferRequest): ResolvedRef[] {
  const spread = creditShard(request.initiatorId, request.idempotencyKey);
  return request.legs.map(({ account, amountCents }) => {
    const sharded = SHARDED_KINDS.has(account.kind);
    if (
      sharded &&
      account.shard === undefined &&
      amountCents < 0 &&
      !MAY_GO_NEGATIVE.has(account.kind)
    )
      // Which shard holds the money is known only to the caller (the original credit's entry).
      throw new LedgerRuleError(`a debit of ${account.kind} must name its shard`);
    return {
      kind: account.kind,
      ownerId: account.ownerId ?? null,
      shard: account.shard ?? (sharded ? spread : 0),
    };
  });
}

const refKey = (ref: ResolvedRef) => `${ref.kind}:${ref.ownerId ?? 0}:${ref.shard}`;

/**
 * The locked accounts in the order of `refs`. Accounts that did not exist yet are opened and
 * locked now (a first payment to a creator, a new user's wallet).
 */
async function inRefOrder(
  ctx: LedgerContext,
  refs: ResolvedRef[],
  locked: repo.LockedAccount[],
): Promise<repo.LockedAccount[]> {
  if (locked.length < refs.length) {
    await repo.createAccounts(ctx.db, ctx.config.currency, refs);
    locked = await repo.lockAccounts(ctx.db, ctx.config.currency, refs);
  }
  const byKey = new Map(locked.map((account) => [refKey(account), account]));
  return refs.map((ref) => {
    const account = byKey.get(refKey(ref));
    if (!account) throw new Error(`ledger account ${refKey(ref)} could not be opened`);
    return account;
  });
}

/** The database's overdraft CHECK (23514 on ledger_accounts_non_negative) in an error chain. */
function isOverdraft(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23514' && constraint === 'ledger_accounts_non_negative') return true;
  }
  return false;
}

/**
 * Checks the locked balances, then writes entries and balances. The rows are locked, so the
 * check is exact; the database's CHECK stands behind it all the same.
 */
async function move(
  ctx: LedgerContext,
  transferId: number,
  moves: repo.Move[],
  locked: repo.LockedAccount[],
) {
  for (const [index, { amountCents }] of moves.entries()) {
    const account = locked[index]!;
    if (
      amountCents < 0 &&
      !MAY_GO_NEGATIVE.has(account.kind) &&
      account.balanceCents + amountCents < 0
    )
      throw new AppError('insufficient_funds');
  }
  try {
    await repo.writeEntries(ctx.db, transferId, moves);
  } catch (error) {
    if (isOverdraft(error)) throw new AppError('insufficient_funds');
    throw error;
  }
}

/**
 * Writes one balanced transfer in the caller's transaction: claims the key, locks the accounts
 * in ascending id order, refuses an overdraft (`insufficient_funds`), writes the entries and the
 * balances. The same key again answers the first transfer (`replayed`), or 422
 * `idempotency_mismatch` when it was used for other legs.
 */
export async function transfer(
  ctx: LedgerContext,
  request: TransferRequest,
): Promise<TransferReceipt> {
  checkLegs(request.legs);
  checkKey(request.idempotencyKey);
  const memo = request.memo ?? {};
  const fingerprint =
    request.fingerprint ?? fingerprintOf({ kind: request.kind, legs: request.legs, memo });
  const refs = resolveShards(request);
  const claimed = await repo.claimAndLock(
    ctx.db,
    {
      kind: request.kind,
      initiatorId: request.initiatorId,
      idempotencyKey: request.idempotencyKey,
      fingerprint,
      memo,
      reversesId: null,
    },
    ctx.config.currency,
    refs,
  );
  if (!claimed) {
    const stored = await repo.findTransferByKey(
      ctx.db,
      request.initiatorId,
      request.idempotencyKey,
    );
    if (!stored) throw new Error('ledger transfer key conflict without a stored transfer');
    return replayOf(stored, fingerprint);
  }
  const locked = await inRefOrder(ctx, refs, claimed.locked);
  const moves = request.legs.map((leg, index) => ({
    accountId: locked[index]!.id,
    amountCents: leg.amountCents,
  }));
  await move(ctx, claimed.transfer.id, moves, locked);
  const { id, createdAt } = claimed.transfer;
  return { transferId: id, createdAt, replayed: false };
}

export interface ReversalRequest {
  transferId: number;
  kind: Extract<LedgerTransferKind, 'refund' | 'chargeback' | 'payout_failed'>;
  initiatorId: number | null;
  idempotencyKey: string;
  memo?: TransferMemo;
}

/**
 * Undoes a transfer with its exact opposite (same accounts and shards, amounts negated). A
 * transfer is reversed at most once: a second reversal, under any key, answers the first one
 * as `replayed`. When an account the money went to no longer holds it (a creator's earnings
 * already paid out), the reversal is refused with `insufficient_funds` and writes nothing; the
 * caller decides what happens then.
 */
export async function reverseTransfer(
  ctx: LedgerContext,
  request: ReversalRequest,
): Promise<TransferReceipt> {
  checkKey(request.idempotencyKey);
  const original = await repo.entriesOf(ctx.db, request.transferId);
  if (original.length === 0)
    throw new LedgerRuleError(`no transfer ${request.transferId} to reverse`);
  const fingerprint = fingerprintOf({ kind: request.kind, reverses: request.transferId });
  const claimed = await repo.claimTransfer(ctx.db, {
    kind: request.kind,
    initiatorId: request.initiatorId,
    idempotencyKey: request.idempotencyKey,
    fingerprint,
    memo: request.memo ?? {},
    reversesId: request.transferId,
  });
  if (!claimed) {
    const byKey = await repo.findTransferByKey(ctx.db, request.initiatorId, request.idempotencyKey);
    if (byKey) return replayOf(byKey, fingerprint);
    const earlier = await repo.findReversalOf(ctx.db, request.transferId);
    if (!earlier) throw new Error('ledger reversal conflict without a stored reversal');
    return { transferId: earlier.id, createdAt: earlier.createdAt, replayed: true };
  }
  const moves = original.map((entry) => ({
    accountId: entry.accountId,
    amountCents: -entry.amountCents,
  }));
  const lockedById = new Map(
    (
      await repo.lockAccountsById(
        ctx.db,
        moves.map((m) => m.accountId),
      )
    ).map((a) => [a.id, a]),
  );
  await move(
    ctx,
    claimed.id,
    moves,
    moves.map((m) => lockedById.get(m.accountId)!),
  );
  return { transferId: claimed.id, createdAt: claimed.createdAt, replayed: false };
}

/** An account's balance in cents, summed over its shards (0 for one never opened). */
export async function balanceCents(
  ctx: { db: DbOrTx; config: Pick<Config, 'currency'> },
  account: AccountRef,
): Promise<number> {
  return repo.balanceOf(ctx.db, ctx.config.currency, account.kind, account.ownerId ?? null);
}
