import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { STORY_UPLOAD_MAX_BYTES } from '@glimpse/contract';

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

function parseRole(value: string | undefined): Role {
  if (value === 'api' || value === 'worker' || value === 'all') return value;
  if (value) throw new Error(`ROLE must be api, worker or all (got "${value}")`);
  return 'all';
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
    storyUploadMaxBytes: Number(env.STORY_UPLOAD_MAX_BYTES ?? STORY_UPLOAD_MAX_BYTES),
    logLevel: env.LOG_LEVEL ?? 'info',
    storyStuckAfterSeconds: Number(env.STORY_STUCK_AFTER_SECONDS ?? 30 * 60),
    accessLog: parseBool(env.ACCESS_LOG) ?? false,
    checkResponses: parseBool(env.CHECK_RESPONSES) ?? false,
    ...overrides,
  };
  return config;
}
