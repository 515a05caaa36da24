import type { AppContext } from '../../../platform/context.ts';
import { ownBaseUrl } from './own-address.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../../platform/http/sandbox-signature.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

type ProviderContext = Pick<AppContext, 'config'>;

const built = new WeakMap<object, PaymentProvider>();

const DELIVERY_ATTEMPTS = 3;

/** The sandbox's webhook delivery: POST to our own webhook, a few tries, like a provider. */
function sandboxSender(ctx: ProviderContext) {
  return async (body: string, signature: string): Promise<void> => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt += 1) {
      try {
        const response = await fetch(`${ownBaseUrl(ctx)}/api/payments/webhook/sandbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (response.ok) return;
        lastError = new Error(`sandbox webhook answered ${response.status}`);
        // 4xx is final: the same body would be refused again.
        if (response.status < 500) break;
      } catch (error) {
        lastError = error;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
    throw lastError;
  };
}

/** The configured provider (PAYMENTS_PROVIDER); built once per configuration. */
export function activeProvider(ctx: ProviderContext): PaymentProvider {
  let provider = built.get(ctx.config);
  if (!provider) {
    const { config } = ctx;
    provider =
      config.paymentsProvider === 'stripe'
        ? new StripePaymentProvider({
            secretKey: config.stripeSecretKey!,
            webhookSecret: config.stripeWebhookSecret!,
            publicUrl: config.publicUrl,
          })
        : new SandboxPaymentProvider({
            secret: config.sandboxWebhookSecret,
            payoutOutcome: config.sandboxPayoutOutcome,
            send: sandboxSender(ctx),
          });
    built.set(ctx.config, provider);
  }
  return provider;
}

/** The provider a webhook path names, only if it is the configured one (else 404). */
export function providerNamed(ctx: ProviderContext, name: string): PaymentProvider | undefined {
  const provider = activeProvider(ctx);
  return provider.name === name ? provider : undefined;
}

/** The sandbox, when it is the configured provider (its pages are off otherwise). */
export function sandboxProvider(ctx: ProviderContext): SandboxPaymentProvider | undefined {
  const provider = activeProvider(ctx);
  return provider instanceof SandboxPaymentProvider ? provider : undefined;
}

/** Tests: swap in a provider built with test options (a Stripe client without network). */
export function useProviderForTests(ctx: ProviderContext, provider: PaymentProvider): void {
  built.set(ctx.config, provider);
}
