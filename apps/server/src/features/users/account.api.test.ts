import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import { registration } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('accounts', () => {
  it('signs up people with the same name at once, each with a slug of their own', async () => {
    // On PostgreSQL the sign-ups really race for the plain slug; the losers must not be told
    // their (distinct) e-mail is taken.
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        client(server).post('/api/auth/register', registration({ name: 'Same Name' })),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const slugs = responses.map((r) => r.json<{ slug: string }>().slug);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs).toContain('same-name');
  });

  it('still answers email_taken when two sign-ups race for one e-mail', async () => {
    const body = registration();
    const responses = await Promise.all([
      client(server).post('/api/auth/register', body),
      client(server).post('/api/auth/register', { ...body, name: 'Someone Else' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = responses.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ err_key: 'email_taken' });
  });
});
