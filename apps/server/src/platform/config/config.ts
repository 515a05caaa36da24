import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { STORY_UPLOAD_MAX_BYTES, STREAM_RECONNECT_GRACE_SECONDS } from '@glimpse/contract';
import type { S3Settings } from '../storage/s3-blob-store.ts';
import { parseTrustedProxies } from './trusted-proxies.ts';

export type Role = 'api' | 'worker' | 'all';

/** Everything the server reads from the environment, parsed once. Every variable is optional. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  publicOrigin: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  secret: string;
  demoSeed: boolean | undefined;
  role: Role;
  ffmpegPath: string;
  webDistDir: string | undefined;
  /** Failed logins allowed per email+address in the window before 429. */
  loginFailuresPerWindow: number;
  signupsPerHour: number;
  /** Mailed links followed (confirmations, resets) per client address in 15 minutes. */
  mailedLinksPerWindow: number;
  /** Largest story upload (multipart or tus), cut off while streaming; tests lower it. */
  storyUploadMaxBytes: number;
  logLevel: string;
  /**
   * A story still processing this long after it was posted, with no job left to finish it, is
   * re-queued once, then marked failed (features/stories/story-sweeper.ts).
   */
  storyStuckAfterSeconds: number;
  /** One log line per request (ACCESS_LOG); off by default, errors are logged either way. */
  accessLog: boolean;
  /**
   * Every response body is also checked against its contract schema by zod (CHECK_RESPONSES;
   * tests and the e2e server turn it on). Production writes the compiled JSON writer's output
   * unchecked (platform/http/response-serializer.ts).
   */
  checkResponses: boolean;
  /** ISO 4217 code every ledger account and price is kept in (CURRENCY). */
  currency: string;
  /**
   * The platform's share of every purchase, in percent (PLATFORM_FEE_PERCENT, 0-100, up to two
   * decimals). The fee is rounded half-up to the cent; the creator gets the rest.
   */
  platformFeePercent: number;
  /** Days a creator's earnings stay pending before they can be withdrawn (EARNINGS_HOLD_DAYS). */
  earningsHoldDays: number;
  /** Who checks identities (IDENTITY_PROVIDER): the built-in sandbox page, or Ondato. */
  identityProvider: IdentityProviderName;
  /**
   * Signs the sandbox identity provider's webhooks (SANDBOX_IDENTITY_SECRET); derived from
   * SECRET when unset, so one data dir always verifies its own sandbox.
   */
  sandboxIdentitySecret: string;
  /**
   * Where the sandbox identity page posts its webhook (SANDBOX_IDENTITY_WEBHOOK_URL, an origin);
   * unset: the address this process listens on, as a provider calling us back would.
   */
  sandboxIdentityWebhookUrl: string | undefined;
  /** Ondato's credentials and endpoints (ONDATO_*); set exactly when identityProvider is ondato. */
  ondato: OndatoConfig | undefined;
  /** Who takes top-up payments and sends payouts (PAYMENTS_PROVIDER: sandbox or stripe). */
  paymentsProvider: PaymentsProviderName;
  /** Stripe's API key and webhook signing secret; both required with PAYMENTS_PROVIDER=stripe. */
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /**
   * Signs the sandbox provider's webhooks (SANDBOX_WEBHOOK_SECRET); unset, it is derived from
   * SECRET, so it is stable per data dir and never written anywhere.
   */
  sandboxWebhookSecret: string;
  /** How the sandbox settles a payout (SANDBOX_PAYOUT_OUTCOME: paid or failed); tests fail one. */
  sandboxPayoutOutcome: 'paid' | 'failed';
  /**
   * The RTMP ingest for OBS (RTMP_PORT, default 1935; 0 turns it off). It listens on RTMP_HOST
   * (default 127.0.0.1: put a TCP proxy in front to take streams from outside).
   */
  rtmpPort: number;
  rtmpHost: string;
  /**
   * The RTMP address creators paste into OBS (PUBLIC_RTMP_URL, e.g. `rtmp://live.example.com/live`):
   * behind a TCP proxy (the cluster's nginx) it is the proxy's, not this node's RTMP_PORT. Unset:
   * `rtmp://{host of PUBLIC_URL}:{RTMP_PORT}/live`, right for a single node.
   */
  publicRtmpUrl: string | undefined;
  /**
   * How long a live stream whose ingest dropped waits for the creator to reconnect before it
   * ends (STREAM_RECONNECT_GRACE_SECONDS; tests shorten it).
   */
  streamReconnectGraceSeconds: number;
  /** Start the demo creator's generated live stream with the demo seed (DEMO_LIVE, default on). */
  demoLive: boolean;
  /**
   * Mail goes through this SMTP server (SMTP_URL: `smtp://user:pass@host:587`, `smtps://...`;
   * nodemailer's URL options such as `?ignoreTLS=true` apply). Unset: every mail is written as
   * an .eml file under DATA_DIR/mail and shown at /dev/mailbox (features/mail).
   */
  smtpUrl: string | undefined;
  /** The From of every mail (MAIL_FROM); default `Glimpse <no-reply@{host of PUBLIC_URL}>`. */
  mailFrom: string;
  /** NODE_ENV=production: development helpers (the dev mailbox) stay off. */
  production: boolean;
  /**
   * Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES: addresses and CIDR ranges);
   * empty: none, `request.ip` is the socket's address (platform/http/app.ts).
   */
  trustedProxies: string[];
  /**
   * ADMIN_EMAILS (comma-separated, lower-cased): an account becomes an admin once one of these
   * addresses is confirmed as its own (features/staff); typing it at sign-up grants nothing.
   */
  adminEmails: string[];
  /**
   * REVIEW_BEFORE_PUBLISH (default off): every new story, once processed, waits `in_review` in
   * the moderators' review list until approved, as card networks ask of paid-content platforms
   * (features/stories/story-processing.ts, features/moderation/review).
   */
  reviewBeforePublish: boolean;
  /**
   * Blobs in an S3-compatible bucket (S3_BUCKET set; S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
   * S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE). Unset: local disk under DATA_DIR/media.
   */
  s3: S3Settings | undefined;
  /**
   * MEDIA_REDIRECT_SECONDS (0-60, default 0): with S3, a media request that passed its access
   * check is answered with a redirect to a presigned URL valid this long instead of being
   * streamed by the API (docs/media-delivery.md). 0: always streamed.
   */
  mediaRedirectSeconds: number;
  /**
   * Argon2id's cost for new password hashes: OWASP's baseline unless a caller of `loadConfig`
   * passes another. Deliberately not read from the environment; the test servers pass the
   * cheapest (a pass of the API suites signs up ~1,300 users at ~15 ms of CPU each). A hash
   * carries its own cost, so verifying never depends on this.
   */
  passwordHashCost: PasswordHashCost;
}

export interface PasswordHashCost {
  /** Memory per hash in KiB (argon2's m). */
  memoryKib: number;
  /** Passes over that memory (argon2's t). */
  passes: number;
}

/** OWASP's argon2id baseline: 19 MiB, 2 passes (one lane). */
export const OWASP_PASSWORD_HASH_COST: PasswordHashCost = { memoryKib: 19_456, passes: 2 };

export type IdentityProviderName = 'sandbox' | 'ondato';

export interface OndatoConfig {
  /** ONDATO_API_URL: the IDV API (`POST /v1/identity-verifications`). */
  apiUrl: string;
  /** ONDATO_AUTH_URL: the OAuth server (`POST /connect/token`, client credentials). */
  authUrl: string;
  /** ONDATO_IDV_URL: the page a person is sent to (`?id={identityVerificationId}`). */
  idvUrl: string;
  clientId: string;
  clientSecret: string;
  /** ONDATO_SETUP_ID: the IDV setup (flow, documents, redirect URLs) made in Ondato's portal. */
  setupId: string;
  /** Ondato authenticates its webhooks with HTTP Basic credentials chosen for the subscription. */
  webhookUsername: string;
  webhookPassword: string;
}

export type PaymentsProviderName = 'sandbox' | 'stripe';

function parsePaymentsProvider(value: string | undefined): PaymentsProviderName {
  if (value === undefined || value === '') return 'sandbox';
  if (value === 'sandbox' || value === 'stripe') return value;
  throw new Error(`PAYMENTS_PROVIDER must be sandbox or stripe (got "${value}")`);
}

function parsePayoutOutcome(value: string | undefined): 'paid' | 'failed' {
  if (value === undefined || value === '') return 'paid';
  if (value === 'paid' || value === 'failed') return value;
  throw new Error(`SANDBOX_PAYOUT_OUTCOME must be paid or failed (got "${value}")`);
}

/** Stripe must be fully configured before a server that takes payments starts. */
function checkStripe(config: Config): void {
  if (config.paymentsProvider !== 'stripe') return;
  if (!config.stripeSecretKey || !config.stripeWebhookSecret)
    throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
}

function readSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseBool(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

/** A number from the environment within [min, max]; a typo must not start a server that pays. */
function parseNumber(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max)
    throw new Error(`${name} must be a number from ${min} to ${max} (got "${value}")`);
  return parsed;
}

function parseCurrency(value: string | undefined): string {
  if (value === undefined || value === '') return 'USD';
  if (!/^[A-Za-z]{3}$/.test(value))
    throw new Error(`CURRENCY must be an ISO 4217 code (got "${value}")`);
  return value.toUpperCase();
}

function parseIdentityProvider(value: string | undefined): IdentityProviderName {
  if (value === undefined || value === '' || value === 'sandbox') return 'sandbox';
  if (value === 'ondato') return 'ondato';
  throw new Error(`IDENTITY_PROVIDER must be sandbox or ondato (got "${value}")`);
}

/** Ondato's settings when it is the identity provider; a missing credential stops the start. */
function parseOndato(
  env: NodeJS.ProcessEnv,
  provider: IdentityProviderName,
): OndatoConfig | undefined {
  if (provider !== 'ondato') return undefined;
  const required = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required when IDENTITY_PROVIDER=ondato`);
    return value;
  };
  const url = (name: string, fallback: string) => (env[name] || fallback).replace(/\/$/, '');
  return {
    apiUrl: url('ONDATO_API_URL', 'https://idvapi.ondato.com'),
    authUrl: url('ONDATO_AUTH_URL', 'https://id.ondato.com'),
    idvUrl: url('ONDATO_IDV_URL', 'https://idv.ondato.com'),
    clientId: required('ONDATO_CLIENT_ID'),
    clientSecret: required('ONDATO_CLIENT_SECRET'),
    setupId: required('ONDATO_SETUP_ID'),
    webhookUsername: required('ONDATO_WEBHOOK_USERNAME'),
    webhookPassword: required('ONDATO_WEBHOOK_PASSWORD'),
  };
}

/** A typo in SMTP_URL must stop the start, not lose every mail at the first send. */
function parseSmtpUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:pass@host:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got "${url.protocol}")`);
  return value;
}

function parseS3(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    if (env.S3_ENDPOINT) throw new Error('S3_ENDPOINT is set but S3_BUCKET is not');
    return undefined;
  }
  return {
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: parseBool(env.S3_FORCE_PATH_STYLE) ?? false,
  };
}

function parseRole(value: string | undefined): Role {
  if (value === 'api' || value === 'worker' || value === 'all') return value;
  if (value) throw new Error(`ROLE must be api, worker or all (got "${value}")`);
  return 'all';
}

function parsePublicRtmpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^rtmps?:\/\/[^/\s]+\/\S+$/.test(value))
    throw new Error(`PUBLIC_RTMP_URL must be rtmp://host[:port]/app (got "${value}")`);
  return value.replace(/\/$/, '');
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '127.0.0.1';
  const publicUrl = (
    env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`
  ).replace(/\/$/, '');
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const config: Config = {
    port,
    host,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    secret: readSecret(dataDir, env.SECRET),
    demoSeed: parseBool(env.DEMO_SEED),
    role: parseRole(env.ROLE),
    ffmpegPath: env.FFMPEG_PATH ?? 'ffmpeg',
    webDistDir: env.WEB_DIST_DIR,
    loginFailuresPerWindow: Number(env.LOGIN_FAILURES_PER_WINDOW ?? 10),
    signupsPerHour: Number(env.SIGNUPS_PER_HOUR ?? 20),
    mailedLinksPerWindow: Number(env.MAILED_LINKS_PER_WINDOW ?? 30),
    storyUploadMaxBytes: Number(env.STORY_UPLOAD_MAX_BYTES ?? STORY_UPLOAD_MAX_BYTES),
    logLevel: env.LOG_LEVEL ?? 'info',
    storyStuckAfterSeconds: Number(env.STORY_STUCK_AFTER_SECONDS ?? 30 * 60),
    accessLog: parseBool(env.ACCESS_LOG) ?? false,
    checkResponses: parseBool(env.CHECK_RESPONSES) ?? false,
    currency: parseCurrency(env.CURRENCY),
    platformFeePercent: parseNumber('PLATFORM_FEE_PERCENT', env.PLATFORM_FEE_PERCENT, 20, 0, 100),
    earningsHoldDays: parseNumber('EARNINGS_HOLD_DAYS', env.EARNINGS_HOLD_DAYS, 7, 0, 365),
    identityProvider: parseIdentityProvider(env.IDENTITY_PROVIDER),
    sandboxIdentitySecret: '',
    sandboxIdentityWebhookUrl: env.SANDBOX_IDENTITY_WEBHOOK_URL?.replace(/\/$/, '') || undefined,
    ondato: parseOndato(env, parseIdentityProvider(env.IDENTITY_PROVIDER)),
    paymentsProvider: parsePaymentsProvider(env.PAYMENTS_PROVIDER),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    sandboxWebhookSecret: '',
    sandboxPayoutOutcome: parsePayoutOutcome(env.SANDBOX_PAYOUT_OUTCOME),
    rtmpPort: parseNumber('RTMP_PORT', env.RTMP_PORT, 1935, 0, 65_535),
    rtmpHost: env.RTMP_HOST || '127.0.0.1',
    publicRtmpUrl: parsePublicRtmpUrl(env.PUBLIC_RTMP_URL),
    streamReconnectGraceSeconds: parseNumber(
      'STREAM_RECONNECT_GRACE_SECONDS',
      env.STREAM_RECONNECT_GRACE_SECONDS,
      STREAM_RECONNECT_GRACE_SECONDS,
      1,
      3_600,
    ),
    demoLive: parseBool(env.DEMO_LIVE) ?? true,
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || `Glimpse <no-reply@${new URL(publicUrl).hostname}>`,
    production: env.NODE_ENV === 'production',
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter((address) => address.length > 0),
    reviewBeforePublish: parseBool(env.REVIEW_BEFORE_PUBLISH) ?? false,
    s3: parseS3(env),
    mediaRedirectSeconds: parseNumber(
      'MEDIA_REDIRECT_SECONDS',
      env.MEDIA_REDIRECT_SECONDS,
      0,
      0,
      60,
    ),
    passwordHashCost: OWASP_PASSWORD_HASH_COST,
    ...overrides,
  };
  if (!config.sandboxIdentitySecret)
    config.sandboxIdentitySecret =
      env.SANDBOX_IDENTITY_SECRET ||
      createHmac('sha256', config.secret).update('sandbox-identity-webhook').digest('base64url');
  if (!config.sandboxWebhookSecret)
    config.sandboxWebhookSecret =
      env.SANDBOX_WEBHOOK_SECRET ||
      createHmac('sha256', config.secret).update('sandbox-payments-webhook').digest('base64url');
  checkStripe(config);
  return config;
}
