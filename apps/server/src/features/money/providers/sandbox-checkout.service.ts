import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import * as checkouts from './checkouts.repository.ts';
import { sandboxProvider } from './providers.ts';
import { withTopUpOutcome } from './return-path.ts';
import { SANDBOX_PAGE_PREFIX } from './sandbox-provider.ts';
import { sandboxCheckoutPage } from './sandbox-page.html.ts';

/** What the sandbox checkout pages (sandbox-pages.routes.ts) do: show a checkout, complete it. */

const PUBLIC_ID = /^chk_[A-Za-z0-9_-]{1,64}$/;

/** A pending or completed sandbox checkout, or `checkout_not_found` (`provider_not_found` off sandbox). */
async function findCheckout(ctx: AppContext, checkoutId: string) {
  if (!sandboxProvider(ctx)) throw new AppError('provider_not_found');
  const checkout = PUBLIC_ID.test(checkoutId)
    ? await checkouts.findByPublicId(ctx.db, checkoutId)
    : undefined;
  if (!checkout || checkout.provider !== 'sandbox') throw new AppError('checkout_not_found');
  return checkout;
}

/** The checkout's page: the amount, the outcome buttons, or its outcome once chosen. */
export async function sandboxCheckoutHtml(ctx: AppContext, checkoutId: string): Promise<string> {
  const checkout = await findCheckout(ctx, checkoutId);
  return sandboxCheckoutPage({
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    completeUrl: `${SANDBOX_PAGE_PREFIX}/${checkout.publicId}/complete`,
    outcome: checkout.sandboxOutcome,
    backUrl: withTopUpOutcome(
      checkout.returnTo,
      checkout.sandboxOutcome === 'success' ? 'success' : 'fail',
    ),
  });
}

/**
 * Records the chosen outcome once and sends the provider's webhook for it, as a real provider
 * would; answers where the person goes back to (marked pending when the webhook failed).
 */
export async function completeSandboxCheckout(
  ctx: AppContext,
  checkoutId: string,
  outcome: 'success' | 'fail',
): Promise<string> {
  const provider = sandboxProvider(ctx);
  await findCheckout(ctx, checkoutId);
  const checkout = await checkouts.recordSandboxOutcome(ctx.db, checkoutId, outcome);
  if (!checkout || !provider) throw new AppError('checkout_not_found');
  if (checkout.sandboxOutcome !== outcome) throw new AppError('checkout_completed');
  let shown: 'success' | 'fail' | 'pending' = outcome;
  try {
    await provider.sendEvent(
      outcome === 'success'
        ? {
            id: `evt_${checkout.publicId}_succeeded`,
            type: 'payment.succeeded',
            data: { checkout_id: checkout.publicId, amount_cents: checkout.amountCents },
          }
        : {
            id: `evt_${checkout.publicId}_failed`,
            type: 'payment.failed',
            data: { checkout_id: checkout.publicId },
          },
    );
  } catch (error) {
    ctx.log.error({ err: error, checkout: checkout.id }, 'sandbox webhook not delivered');
    shown = 'pending';
  }
  return withTopUpOutcome(checkout.returnTo, shown);
}
