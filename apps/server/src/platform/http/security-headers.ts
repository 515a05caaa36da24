import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { THEME_BOOT_SCRIPT } from '@glimpse/contract';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The one inline script the page may run: the theme boot, which must set the colour theme
 * before the first paint (a loaded script would come too late), allowed by its hash.
 */
export const THEME_BOOT_SCRIPT_SOURCE = `'sha256-${sha256Base64(THEME_BOOT_SCRIPT)}'`;

function sha256Base64(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

/**
 * Strict headers for an app that loads only its own code: no inline script but the theme boot,
 * no plugins, no framing, no base-tag hijack. Media and websockets are same-origin; blob: serves
 * local previews. `mediaOrigins`: where media requests may be redirected to (the bucket's origin
 * with MEDIA_REDIRECT_SECONDS; CSP applies to a redirect's target too).
 */
export function securityHeaderOptions(https: boolean, mediaOrigins: string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_BOOT_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * The headers helmet sets for these options, worked out once: nothing in them varies per
 * request (no CSP nonces), and rebuilding them per request (as @fastify/helmet does) cost a
 * hot JSON route about 5% of its CPU (issue 8).
 */
export function securityHeaderValues(
  https: boolean,
  mediaOrigins: string[] = [],
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(securityHeaderOptions(https, mediaOrigins))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Every answer (API, media, the web app, errors) carries the same security headers. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  https: boolean,
  mediaOrigins: string[] = [],
): void {
  const headers = securityHeaderValues(https, mediaOrigins);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
