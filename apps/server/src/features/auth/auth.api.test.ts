import { TERMS_VERSION } from '@glimpse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  birthdateYearsAgo,
  registration,
  signedUpUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /api/auth/register', () => {
  it('creates the user, signs them in and answers the current user', async () => {
    const c = client(server);
    const body = registration({ name: 'Zoë Example', email: 'Zoe.Example@Example.com' });
    const response = await c.post('/api/auth/register', body);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      name: 'Zoë Example',
      email: 'zoe.example@example.com',
      slug: 'zoe-example',
      verified: false,
      guide: true,
    });
    expect(user).not.toHaveProperty('passwordHash');
    const cookie = response.cookies.find((x) => x.name === 'glimpse_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await c.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('refuses someone who turns 18 tomorrow and accepts someone who turned 18 today', async () => {
    const young = await client(server).post(
      '/api/auth/register',
      registration({ birthdate: birthdateYearsAgo(18, 1) }),
    );
    expect(young.statusCode).toBe(400);
    expect(young.json().err_key).toBe('underage');
    const adult = await client(server).post(
      '/api/auth/register',
      registration({ birthdate: birthdateYearsAgo(18) }),
    );
    expect(adult.statusCode).toBe(201);
  });

  it('answers 409 email_taken for a second account with the same email in any case', async () => {
    const { body } = await signedUpUser(server);
    const again = await client(server).post(
      '/api/auth/register',
      registration({ email: body.email.toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().err_key).toBe('email_taken');
  });

  it.each([
    ['malformed email', { email: 'not-an-email' }, 'email'],
    ['short password', { password: 'short1' }, 'password'],
    ['long password', { password: 'x'.repeat(129) }, 'password'],
    ['bad sex', { sex: 'robot' }, 'sex'],
    ['impossible date', { birthdate: '2001-02-30' }, 'birthdate'],
  ])('refuses a %s with validation_failed on the field', async (_label, override, field) => {
    const response = await client(server).post('/api/auth/register', {
      ...registration(),
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('refuses a password from the common-password list', async () => {
    const response = await client(server).post(
      '/api/auth/register',
      registration({ password: 'password123' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('password_too_common');
  });

  it('refuses unknown fields', async () => {
    const response = await client(server).post('/api/auth/register', {
      ...registration(),
      is_admin: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      err_key: 'validation_failed',
      errors: { is_admin: ['unknown_field'] },
    });
  });

  it('refuses an unknown country code', async () => {
    const response = await client(server).post(
      '/api/auth/register',
      registration({ country_code: 'zz' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('unknown_country');
  });
});

describe('sign-up consent', () => {
  const consentOf = async (email: string) => {
    const [row] = await server.ctx.db
      .select({
        termsVersion: users.termsVersion,
        termsAcceptedAt: users.termsAcceptedAt,
        adultConfirmedAt: users.adultConfirmedAt,
      })
      .from(users)
      .where(eq(users.email, email));
    return row;
  };

  it('records the terms version and when the terms were accepted and 18+ confirmed', async () => {
    const before = Date.now();
    const body = registration();
    const response = await client(server).post('/api/auth/register', body);
    expect(response.statusCode).toBe(201);
    const consent = await consentOf(body.email);
    expect(consent?.termsVersion).toBe(TERMS_VERSION);
    expect(consent?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(consent?.termsAcceptedAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(consent?.adultConfirmedAt).toEqual(consent?.termsAcceptedAt);
  });

  it.each([
    ['the terms not accepted', { accept_terms: false }, ['accept_terms']],
    ['18+ not confirmed', { confirm_adult: false }, ['confirm_adult']],
    ['neither', { accept_terms: false, confirm_adult: false }, ['accept_terms', 'confirm_adult']],
  ])(
    'refuses a sign-up with %s: 400 consent_required, no account',
    async (_l, override, fields) => {
      const body = registration(override);
      const response = await client(server).post('/api/auth/register', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ err_key: 'consent_required' });
      expect(Object.keys(response.json().errors).sort()).toEqual(fields);
      expect(response.cookies.find((x) => x.name === 'glimpse_session')).toBeUndefined();
      expect(await consentOf(body.email)).toBeUndefined();
    },
  );

  it('refuses a sign-up without the consent fields at all', async () => {
    const { accept_terms, confirm_adult, terms_version, ...withoutConsent } = registration();
    expect([accept_terms, confirm_adult, terms_version]).toEqual([true, true, TERMS_VERSION]);
    const response = await client(server).post('/api/auth/register', withoutConsent);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'accept_terms',
      'confirm_adult',
      'terms_version',
    ]);
    expect(await consentOf(withoutConsent.email)).toBeUndefined();
  });

  it('refuses consent to an outdated version of the terms: 400 terms_outdated', async () => {
    const body = registration({ terms_version: '2020-01-01' });
    const response = await client(server).post('/api/auth/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      err_key: 'terms_outdated',
      errors: { terms_version: ['terms_outdated'] },
    });
    expect(await consentOf(body.email)).toBeUndefined();
  });
});

describe('login and logout', () => {
  it('logs in with a new token each time and logout kills the session', async () => {
    const { body, client: first } = await signedUpUser(server);
    const firstToken = first.cookie;
    const second = client(server);
    const login = await second.post('/api/auth/login', {
      email: body.email,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(second.cookie).toBeDefined();
    expect(second.cookie).not.toBe(firstToken);
    const stolen = second.cookie;
    expect((await second.post('/api/auth/logout')).statusCode).toBe(204);
    const replay = client(server, { cookie: stolen });
    const me = await replay.get('/api/auth/me');
    expect(me.statusCode).toBe(401);
    expect(me.json().err_key).toBe('unauthenticated');
    expect((await first.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers invalid_credentials for a wrong password and for an unknown email alike', async () => {
    const { body } = await signedUpUser(server);
    const wrong = await client(server).post('/api/auth/login', {
      email: body.email,
      password: 'wrong password!',
    });
    const unknown = await client(server).post('/api/auth/login', {
      email: 'nobody@example.com',
      password: TEST_PASSWORD,
    });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual({ err_key: 'invalid_credentials' });
    expect(unknown.json()).toEqual({ err_key: 'invalid_credentials' });
  });

  it('rate limits the 11th failed login for one account, even with the right password', async () => {
    const { body } = await signedUpUser(server);
    for (let i = 0; i < 10; i++) {
      const attempt = await client(server).post('/api/auth/login', {
        email: body.email,
        password: `wrong-${i}-password`,
      });
      expect(attempt.statusCode).toBe(401);
    }
    const eleventh = await client(server).post('/api/auth/login', {
      email: body.email,
      password: TEST_PASSWORD,
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().err_key).toBe('rate_limited');
  });
});

describe('GET /api/auth/session', () => {
  it('answers 200 with no user for an anonymous visitor or a dead session', async () => {
    const anonymous = await client(server).get('/api/auth/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });

    const { client: signedIn } = await signedUpUser(server);
    const stale = signedIn.cookie;
    await signedIn.post('/api/auth/logout');
    const afterLogout = await client(server, { cookie: stale }).get('/api/auth/session');
    expect(afterLogout.statusCode).toBe(200);
    expect(afterLogout.json()).toEqual({ user: null });
  });

  it('answers the same current user as /api/auth/me when signed in', async () => {
    const { client: c } = await signedUpUser(server);
    const session = await c.get('/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: (await c.get('/api/auth/me')).json() });
  });
});
