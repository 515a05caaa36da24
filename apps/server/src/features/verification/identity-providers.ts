import type { Config } from '../../platform/config/config.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { IdentityProvider } from './identity-provider.ts';
import { type HttpClient, OndatoIdentityProvider } from './ondato-identity.provider.ts';
import { SandboxIdentityProvider } from './sandbox-identity.provider.ts';

/**
 * The configured identity provider, the only one whose webhooks are accepted: the sandbox is
 * off (its page and its webhook answer 404) whenever a real provider is configured.
 */
export class IdentityProviders {
  readonly active: IdentityProvider;

  constructor(config: Config, http?: HttpClient) {
    this.active =
      config.identityProvider === 'ondato' && config.ondato
        ? new OndatoIdentityProvider(config.ondato, http)
        : new SandboxIdentityProvider(config.sandboxIdentitySecret);
  }

  /** The provider a webhook URL names, or 404 `provider_not_found`. */
  named(name: string): IdentityProvider {
    if (name !== this.active.name) throw new AppError('provider_not_found');
    return this.active;
  }

  /** The sandbox, when it is the configured provider. */
  sandbox(): SandboxIdentityProvider | undefined {
    return this.active instanceof SandboxIdentityProvider ? this.active : undefined;
  }
}
