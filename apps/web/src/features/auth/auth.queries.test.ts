import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { fetchMe } from './auth.queries.ts';

describe('fetchMe', () => {
  it('knows an anonymous visitor from a 200 answer, without a 401 in the console', async () => {
    const { calls } = mockFetch({ 'GET /api/auth/session': { body: { user: null } } });
    await expect(fetchMe()).resolves.toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/session']);
  });

  it('answers the signed-in user', async () => {
    const user = makeUser({ name: 'Sam Signed' });
    mockFetch({ 'GET /api/auth/session': { body: { user } } });
    await expect(fetchMe()).resolves.toEqual(user);
  });

  it('still fails on a server error rather than signing the user out', async () => {
    mockFetch({ 'GET /api/auth/session': { status: 500, body: { err_key: 'internal_error' } } });
    await expect(fetchMe()).rejects.toMatchObject({ status: 500, errKey: 'internal_error' });
  });
});
