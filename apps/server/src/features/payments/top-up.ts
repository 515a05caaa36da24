import type { AppContext } from '../../platform/context.ts';

export interface TopUpRequest {
  userId: number;
  amountCents: number;
  /** A path of this app to come back to after the checkout. */
  returnTo?: string | undefined;
}

/**
 * Where a person goes to add `amountCents` to their wallet: the answer of a purchase the wallet
 * cannot cover (`{ redirectUrl }` of subscribe and buy-direct-message).
 *
 * Placeholder until the payment providers land: the wallet page's top-up form with the amount
 * filled in. The providers replace this with a checkout of the configured provider.
 */
export async function startTopUp(
  _ctx: Pick<AppContext, 'config' | 'db'>,
  request: TopUpRequest,
): Promise<{ redirectUrl: string }> {
  const query = new URLSearchParams({ top_up: (request.amountCents / 100).toFixed(2) });
  if (request.returnTo) query.set('return_to', request.returnTo);
  return { redirectUrl: `/wallet?${query.toString()}` };
}
