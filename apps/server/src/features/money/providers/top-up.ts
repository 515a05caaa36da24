import type { Config } from '../../../platform/config/config.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { topUpLegs } from '../ledger/ledger-rules.ts';
import { transfer } from '../ledger/ledger.service.ts';
import * as checkouts from './checkouts.repository.ts';
import { activeProvider } from './providers.ts';
import { newPublicId } from './sandbox-provider.ts';

export interface TopUpRequest {
  userId: number;
  amountCents: number;
  /** A path of this app to come back to after the checkout. */
  returnTo?: string | undefined;
}

export const DEFAULT_RETURN_PATH = '/wallet';

/**
 * Where a person goes to add `amountCents` to their wallet: a pending checkout at the
 * configured provider. The answer of POST /api/wallet/top-up, and of a purchase the wallet
 * cannot cover (`{ redirectUrl }` of subscribe and buy-direct-message). Nothing is credited
 * here: the provider's webhook does that once the money arrived (webhook.service.ts).
 *
 * Runs in the caller's transaction when given one (`db: tx`). With Stripe this makes one API
 * call; if the transaction then rolls back, the session is orphaned at Stripe and expires.
 */
export async function startTopUp(
  ctx: { config: Config; db: DbOrTx },
  request: TopUpRequest,
): Promise<{ redirectUrl: string; checkoutId: string }> {
  const provider = activeProvider(ctx);
  const row = await checkouts.insertCheckout(ctx.db, {
    publicId: newPublicId('chk'),
    userId: request.userId,
    provider: provider.name,
    amountCents: request.amountCents,
    currency: ctx.config.currency,
    returnTo: request.returnTo ?? DEFAULT_RETURN_PATH,
  });
  const session = await provider.createCheckout({
    checkoutId: row.publicId,
    userId: row.userId,
    amountCents: row.amountCents,
    currency: row.currency,
    returnTo: row.returnTo,
  });
  await checkouts.setProviderRef(ctx.db, row.id, session.providerRef);
  return { redirectUrl: session.redirectUrl, checkoutId: row.publicId };
}

/**
 * Credits a top-up that no checkout stands behind (seeds: the demo's sandbox money), under a
 * fixed key so a second run credits nothing. Real money arrives through the webhook instead.
 */
export async function creditSeedTopUp(
  ctx: Pick<AppContext, 'db' | 'config'>,
  credit: { userId: number; amountCents: number; key: string; providerRef: string },
): Promise<void> {
  await inTransaction(ctx.db, (tx) =>
    transfer(
      { db: tx, config: ctx.config },
      {
        kind: 'top_up',
        initiatorId: null,
        idempotencyKey: credit.key,
        legs: topUpLegs(credit.userId, credit.amountCents),
        memo: { provider: 'sandbox', providerRef: credit.providerRef },
      },
    ),
  );
}
