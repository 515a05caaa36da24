import { randomBytes } from 'node:crypto';
import { TERMS_VERSION, type CurrentUser, type RegisterBody } from '@glimpse/contract';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { client, type Client, type TestServer } from './harness.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

/** A birthdate making someone exactly `years` old today (UTC). */
export function birthdateYearsAgo(years: number, dayOffset = 0): string {
  const now = new Date();
  const date = new Date(
    Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + dayOffset),
  );
  return date.toISOString().slice(0, 10);
}

export function registration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  return {
    email: `user-${randomBytes(6).toString('hex')}@example.com`,
    password: TEST_PASSWORD,
    name: 'Test User',
    birthdate: birthdateYearsAgo(30),
    sex: 'female',
    country_code: 'de',
    accept_terms: true,
    confirm_adult: true,
    terms_version: TERMS_VERSION,
    ...overrides,
  };
}

/**
 * Registers a user over HTTP; the returned client is signed in as them. Their address counts as
 * confirmed (as if the mailed link was followed: paying and earning need that) unless
 * `confirmed: false` keeps it as sign-up leaves it.
 */
export async function signedUpUser(
  server: TestServer,
  overrides: Partial<RegisterBody> = {},
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<{ user: CurrentUser; client: Client; body: RegisterBody }> {
  const body = registration(overrides);
  const c = client(server);
  const response = await c.post('/api/auth/register', body);
  if (response.statusCode !== 201)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const user = response.json<CurrentUser>();
  if (confirmed) {
    await confirmAddress(server, user.id);
    user.email_verified = true;
  }
  return { user, client: c, body };
}

/** Marks a user's address confirmed, as following the mailed link does. */
export async function confirmAddress(server: TestServer, userId: number): Promise<void> {
  await server.ctx.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, userId));
}
