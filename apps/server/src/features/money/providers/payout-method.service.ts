import type { PayoutMethod, PayoutMethodAnswer } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';
import { inTransaction, type EffectQueue } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { queueMail } from '../../mail/index.ts';
import type { PaymentEvent, PaymentProvider } from './payment-provider.ts';
import { openIban, sealIban } from './payout-method-crypto.ts';
import { assertValidBankAccount, maskIban, maskIbanEnd } from './payout-method-rules.ts';
import * as repo from './payout-method.repository.ts';
import { activeProvider } from './providers.ts';

/**
 * Where a creator's payouts go (issue 27): one method per creator, of the kind the configured
 * provider pays to. The sandbox takes a bank account (IBAN and BIC checked, the IBAN sealed at
 * rest and only ever answered masked); Stripe keeps the details itself, in a Connect Express
 * account its onboarding fills in. Each change is mailed to the account's address, so a change
 * made from a stolen session does not go unnoticed. The routes ask for a confirmed address and
 * a recent second factor before a change (payout-method.routes.ts).
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
type BankAccount = { holder_name: string; iban: string; bic: string };

/** The web's wallet, where Stripe sends the creator back (the web reads `payout_setup`). */
const WALLET_PATH = '/wallet';

/** A method of the kind the provider pays to; one left from another provider counts as none. */
function usable(row: repo.PayoutMethodRow | undefined, provider: PaymentProvider) {
  return row && row.kind === provider.payoutMethodKind ? row : undefined;
}

function present(ctx: Ctx, row: repo.PayoutMethodRow): PayoutMethod {
  const updatedAt = row.updatedAt.toISOString();
  if (row.kind === 'stripe_connect')
    return { kind: 'stripe_connect', ready: row.stripeReady, updated_at: updatedAt };
  let ibanMasked: string;
  try {
    ibanMasked = maskIban(openIban(ctx.config.secret, row.userId, row.ibanEncrypted ?? ''));
  } catch (error) {
    // SECRET changed since it was saved: the end is still known; the creator can enter it again.
    ctx.log.warn({ err: error, userId: row.userId }, 'stored IBAN does not open');
    ibanMasked = maskIbanEnd(row.ibanLast4 ?? '');
  }
  return {
    kind: 'bank_account',
    holder_name: row.holderName ?? '',
    iban_masked: ibanMasked,
    bic: row.bic ?? '',
    updated_at: updatedAt,
  };
}

/** GET /api/wallet/payout-method. */
export async function getPayoutMethod(ctx: Ctx, userId: number): Promise<PayoutMethodAnswer> {
  const provider = activeProvider(ctx);
  const row = usable(await repo.findPayoutMethod(ctx.db, userId), provider);
  return { method: row ? present(ctx, row) : null, accepts: provider.payoutMethodKind };
}

/**
 * PUT's checks that need no second factor: the provider takes a bank account, and this one is
 * valid. The route runs them before asking for the factor, so a typo is fixed before the proof.
 */
export function checkBankAccount(ctx: Pick<AppContext, 'config'>, body: BankAccount): void {
  if (activeProvider(ctx).payoutMethodKind !== 'bank_account')
    throw new AppError('payout_method_not_supported');
  assertValidBankAccount(body);
}

/** PUT /api/wallet/payout-method: saves the bank account (replacing any method) and mails it. */
export async function setBankAccount(
  ctx: Ctx,
  userId: number,
  body: BankAccount,
): Promise<PayoutMethod> {
  checkBankAccount(ctx, body);
  const row = await inTransaction(ctx.db, async (tx, effects) => {
    const saved = await repo.saveBankAccount(tx, {
      userId,
      holderName: body.holder_name,
      ibanEncrypted: sealIban(ctx.config.secret, userId, body.iban),
      ibanLast4: body.iban.slice(-4),
      bic: body.bic,
    });
    await mailChange(tx, effects, userId, {
      kind: 'bank_account',
      account_end: body.iban.slice(-2),
    });
    return saved;
  });
  return present(ctx, row);
}

/** POST's check that needs no second factor: the provider onboards creators itself. */
export function checkConnectSupported(ctx: Pick<AppContext, 'config'>): void {
  if (!activeProvider(ctx).payoutOnboarding) throw new AppError('payout_method_not_supported');
}

/**
 * POST /api/wallet/payout-method/connect: the creator's Connect account (made on the first call,
 * reused after) and a fresh onboarding link to it; Stripe's links are single-use and short-lived.
 */
export async function payoutConnectLink(
  ctx: Ctx,
  userId: number,
): Promise<{ redirectUrl: string }> {
  const onboarding = activeProvider(ctx).payoutOnboarding;
  if (!onboarding) throw new AppError('payout_method_not_supported');
  const existing = await repo.findPayoutMethod(ctx.db, userId);
  let accountId =
    existing?.kind === 'stripe_connect' ? (existing.stripeAccountId ?? undefined) : undefined;
  if (!accountId) {
    const recipient = await repo.recipientOf(ctx.db, userId);
    if (!recipient) throw new AppError('unauthenticated');
    const created = await onboarding.createAccount({ userId, email: recipient.email });
    accountId = await inTransaction(ctx.db, async (tx, effects) => {
      const { row, recorded } = await repo.saveStripeAccount(tx, userId, created.accountId);
      // Mailed by the call that recorded the account, not by one that lost a race to it.
      if (recorded)
        await mailChange(tx, effects, userId, { kind: 'stripe_connect', account_end: '' });
      return row.stripeAccountId!;
    });
  }
  const back = (outcome: 'done' | 'retry') =>
    `${ctx.config.publicUrl}${WALLET_PATH}?payout_setup=${outcome}`;
  const link = await onboarding.createLink({
    accountId,
    returnUrl: back('done'),
    refreshUrl: back('retry'),
  });
  return { redirectUrl: link.url };
}

async function mailChange(
  tx: Tx,
  effects: EffectQueue,
  userId: number,
  params: { kind: PayoutMethod['kind']; account_end: string },
): Promise<void> {
  const recipient = await repo.recipientOf(tx, userId);
  if (!recipient) return;
  await queueMail(tx, effects, {
    userId,
    to: recipient.email,
    template: 'payout_method_changed',
    params: { name: recipient.name, ...params },
  });
}

/**
 * Before a payout moves any money: a method of the provider's kind, and with Stripe one that
 * Stripe said can be paid (`payout_method_required` otherwise).
 */
export async function assertPayoutMethodReady(
  db: DbOrTx,
  provider: PaymentProvider,
  userId: number,
): Promise<void> {
  const row = usable(await repo.findPayoutMethod(db, userId), provider);
  const ready = row?.kind === 'bank_account' ? Boolean(row.ibanEncrypted) : row?.stripeReady;
  if (!ready) throw new AppError('payout_method_required');
}

/** Webhook: Stripe's account.updated. True when it was one of our creators' accounts. */
export async function payoutAccountUpdated(
  tx: Tx,
  event: Extract<PaymentEvent, { type: 'payout_account.updated' }>,
): Promise<boolean> {
  if (event.userId === undefined) return false;
  const row = await repo.setStripeReady(tx, event.userId, event.accountId, event.payoutsEnabled);
  return row !== undefined;
}
