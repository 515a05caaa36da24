import { TERMS_VERSION } from '@glimpse/contract';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { ApiError, buildUrl, call, fillPath } from './api.ts';

describe('call', () => {
  it('sends JSON with same-origin credentials to the endpoint and returns the body', async () => {
    const { fetchMock } = mockFetch({ 'POST /api/auth/login': { body: { id: 1 } } });
    await expect(call('login', { body: { email: 'a@b.co', password: 'pw' } })).resolves.toEqual({
      id: 1,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init?.body).toBe('{"email":"a@b.co","password":"pw"}');
  });

  it('substitutes path parameters and uses the endpoint method', async () => {
    const { calls } = mockFetch({ 'PATCH /api/stories/12': { body: { message: 'ok' } } });
    await call('editStory', { params: { id: 12 }, body: { text: 'hi' } });
    expect(calls).toEqual([{ method: 'PATCH', url: '/api/stories/12', body: { text: 'hi' } }]);
  });

  it('encodes path parameters so a value stays one segment', async () => {
    const { calls } = mockFetch({});
    await call('profileBySlug', { params: { slug: 'a/b c?' } }).catch(() => undefined);
    expect(calls[0]!.url).toBe('/api/users/slug/a%2Fb%20c%3F');
  });

  it('builds the query with [] names for arrays and passes the abort signal', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/home/stories/discover': { body: [] } });
    const controller = new AbortController();
    await call(
      'homeStories',
      { params: { section: 'discover' }, query: { genders: ['male', 'female'], page: 2 } },
      { signal: controller.signal },
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/home/stories/discover?genders%5B%5D=male&genders%5B%5D=female&page=2');
    expect(init?.signal).toBe(controller.signal);
    expect(init?.body).toBeUndefined();
  });

  it('throws an ApiError carrying status, err_key, errors and err_msg', async () => {
    mockFetch({
      'POST /api/auth/register': {
        status: 400,
        body: {
          err_key: 'validation_failed',
          errors: { email: ['email_invalid'] },
          err_msg: 'bad',
        },
      },
    });
    const body = {
      email: 'x',
      password: 'y',
      name: 'n',
      birthdate: '2000-01-01',
      sex: 'male' as const,
      country_code: 'de',
      accept_terms: true,
      confirm_adult: true,
      terms_version: TERMS_VERSION,
    };
    const error = await call('register', { body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      errKey: 'validation_failed',
      errors: { email: ['email_invalid'] },
      errMsg: 'bad',
    });
  });

  it('leaves errKey undefined for keys outside the catalogue', async () => {
    mockFetch({ 'GET /api/auth/me': { status: 502, body: { err_key: 'gateway' } } });
    const error = (await call('me').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.errKey).toBeUndefined();
  });

  it('answers undefined for 204', async () => {
    mockFetch({ 'POST /api/auth/logout': { status: 204 } });
    await expect(call('logout')).resolves.toBeUndefined();
  });

  it('sends multipart without a JSON content type', async () => {
    const { fetchMock } = mockFetch({ 'POST /api/users/me/avatar': { body: { id: 1 } } });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await call('uploadAvatar', { body: form });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect((init?.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('sends the Idempotency-Key header only when a paying call passes one', async () => {
    const { fetchMock } = mockFetch({ 'POST /api/stories/4/unlock': { body: { status: true } } });
    await call('unlockStory', { params: { id: 4 } }, { idempotencyKey: 'intent-1' });
    await call('unlockStory', { params: { id: 4 } });
    const headersOf = (index: number) =>
      fetchMock.mock.calls[index]![1]?.headers as Record<string, string>;
    expect(headersOf(0)['idempotency-key']).toBe('intent-1');
    expect(headersOf(1)['idempotency-key']).toBeUndefined();
  });
});

describe('fillPath and buildUrl', () => {
  it('refuses a missing path parameter rather than calling a wrong path', () => {
    expect(() => fillPath('/api/stories/:id', {})).toThrow(/id/);
  });

  it('builds array query params with [] names', () => {
    expect(buildUrl('/api/tags', { genders: ['male', 'female'], page: 2, skip: undefined })).toBe(
      '/api/tags?genders%5B%5D=male&genders%5B%5D=female&page=2',
    );
  });
});
