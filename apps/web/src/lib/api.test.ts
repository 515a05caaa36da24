import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { api, ApiError, buildUrl } from './api.ts';

describe('api', () => {
  it('sends JSON with same-origin credentials and returns the body', async () => {
    const { fetchMock } = mockFetch({ 'POST /api/auth/login': { body: { id: 1 } } });
    await expect(api.post('/api/auth/login', { email: 'a@b.co' })).resolves.toEqual({ id: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init?.body).toBe('{"email":"a@b.co"}');
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
    const error = await api.post('/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      errKey: 'validation_failed',
      errors: { email: ['email_invalid'] },
      errMsg: 'bad',
    });
  });

  it('leaves errKey undefined for keys outside the catalogue', async () => {
    mockFetch({ 'GET /api/x': { status: 502, body: { err_key: 'gateway' } } });
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.errKey).toBeUndefined();
  });

  it('answers undefined for 204', async () => {
    mockFetch({ 'POST /api/auth/logout': { status: 204 } });
    await expect(api.post('/api/auth/logout')).resolves.toBeUndefined();
  });

  it('sends multipart without a JSON content type', async () => {
    const { fetchMock } = mockFetch({ 'POST /api/users/me/avatar': { body: { id: 1 } } });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await api.upload('/api/users/me/avatar', form);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect((init?.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('builds array query params with [] names', () => {
    expect(buildUrl('/api/tags', { genders: ['male', 'female'], page: 2, skip: undefined })).toBe(
      '/api/tags?genders%5B%5D=male&genders%5B%5D=female&page=2',
    );
  });
});
