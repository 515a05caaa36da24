import type { Config } from '../../platform/config/config.ts';

/**
 * Who the passkeys belong to: the site's host name (WebAuthn needs a domain: a passkey made on
 * "localhost" or "glimpse.example" works there only, and an IP address cannot hold passkeys) and
 * the exact origin the browser must report.
 */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export function relyingParty(config: Pick<Config, 'publicUrl' | 'publicOrigin'>): RelyingParty {
  return { name: 'Glimpse', id: new URL(config.publicUrl).hostname, origin: config.publicOrigin };
}

/** WebAuthn options as the contract carries them: a JSON object handed to the browser as is. */
export function optionsAsJson(options: object): Record<string, unknown> {
  return options as Record<string, unknown>;
}
