import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestServer, TEST_ORIGIN, type TestServer } from '../../test/harness.ts';
import { registration, signedUpUser } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Every method + path the router serves, read from Fastify's own route tree (HEAD aside). */
function serverRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? parents[depth - 1]! : '') + match[2]!;
    parents[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      routes.push({ method, path: path.replace(/:(\w+)/g, '{$1}') });
    }
  }
  return routes;
}

/**
 * Served on purpose outside the JSON API description: the spec itself, signed media, tus, the
 * sandbox providers' pages (stand-ins for an outside provider's hosted pages), and the
 * development mailbox's pages.
 */
const UNDOCUMENTED = [
  /^\/api\/openapi\.json$/,
  /^\/media\//,
  /^\/api\/uploads\b/,
  /^\/sandbox\//,
  /^\/dev\/mailbox\b/,
];

describe('GET /api/echo', () => {
  it('answers { ok: true }', async () => {
    const response = await client(server).get('/api/echo');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and describes every route the server serves', async () => {
    const response = await client(server).get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\.1\./);
    const named = [
      ['post', '/api/auth/register'],
      ['post', '/api/auth/login'],
      ['post', '/api/auth/logout'],
      ['get', '/api/auth/me'],
      ['get', '/api/echo'],
      ['post', '/api/users/update-guide'],
      ['get', '/api/users/{id}'],
      ['get', '/api/users/slug/{slug}'],
      ['put', '/api/users/me/profile'],
      ['post', '/api/users/me/avatar'],
      ['get', '/api/countries'],
      ['get', '/api/tags'],
      ['get', '/api/user-categories'],
    ];
    for (const [method, path] of named)
      expect(spec.paths[path!]?.[method!], `${method} ${path}`).toBeDefined();

    const served = serverRoutes(server.app).filter(
      (r) => !UNDOCUMENTED.some((p) => p.test(r.path)),
    );
    expect(served.length).toBeGreaterThanOrEqual(named.length);
    for (const { method, path } of served) {
      expect(
        spec.paths[path]?.[method.toLowerCase()],
        `${method} ${path} missing from OpenAPI`,
      ).toBeDefined();
    }
    expect(spec.paths['/api/users/{id}'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and a referrer policy, and no HSTS over http', async () => {
    for (const url of ['/api/echo', '/api/no-such-route']) {
      const response = await client(server).get(url);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    const { client: c } = await signedUpUser(server);
    const me = await c.get('/api/auth/me');
    expect(me.headers['set-cookie']).toBeUndefined();
  });

  it('over https: HSTS on every answer and a Secure session cookie', async () => {
    const origin = 'https://glimpse.example';
    const https = await startTestServer({
      publicUrl: origin,
      publicOrigin: origin,
      secureCookies: true,
    });
    try {
      const echo = await https.app.inject({ url: '/api/echo' });
      expect(echo.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin },
        payload: registration(),
      });
      expect(response.statusCode).toBe(201);
      const cookie = response.cookies.find((x) => x.name === 'glimpse_session')!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      const foreign = await https.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: TEST_ORIGIN },
      });
      expect(foreign.statusCode).toBe(403);
    } finally {
      await https.stop();
    }
  });

  it('sends no Secure flag over http', async () => {
    const response = await client(server).post('/api/auth/register', registration());
    const cookie = response.cookies.find((x) => x.name === 'glimpse_session')!;
    expect(cookie.secure).toBeFalsy();
  });
});

describe('Origin check on state-changing requests', () => {
  async function updateGuide(headers: Record<string, string | undefined>) {
    const { client: c } = await signedUpUser(server);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/users/update-guide',
      headers: { cookie: `glimpse_session=${c.cookie}`, ...headers },
    });
    return { response, guide: (await c.get('/api/auth/me')).json().guide as boolean };
  }

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['the null Origin', { origin: 'null' }],
    ['our host on another scheme', { origin: TEST_ORIGIN.replace('http:', 'https:') }],
    ['Sec-Fetch-Site: cross-site and no Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site and no Origin', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403 origin_mismatch before the handler runs', async (_label, headers) => {
    const { response, guide } = await updateGuide(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ err_key: 'origin_mismatch' });
    expect(guide).toBe(true);
  });

  it.each([
    ['our own Origin', { origin: TEST_ORIGIN }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['neither header (a non-browser client)', {}],
  ])('accepts %s', async (_label, headers) => {
    const { response, guide } = await updateGuide(headers);
    expect(response.statusCode).toBe(200);
    expect(guide).toBe(false);
  });

  it('checks PUT as well and leaves GET alone', async () => {
    const { client: c } = await signedUpUser(server);
    const foreign = { origin: 'https://evil.example' };
    const put = await c.request({
      method: 'PUT',
      url: '/api/users/me/profile',
      payload: { bio: 'x' },
      headers: foreign,
    });
    expect(put.statusCode).toBe(403);
    const get = await c.request({ method: 'GET', url: '/api/auth/me', headers: foreign });
    expect(get.statusCode).toBe(200);
  });
});

describe('protocol-level failures answer in the catalogue shape', () => {
  it('answers 404 route_not_found for an unknown /api route, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await client(server).request({ method, url: '/api/no/such/thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ err_key: 'route_not_found' });
    }
  });

  it('answers an undecodable path with 400 and an over-long path parameter with 404', async () => {
    const { client: c } = await signedUpUser(server);
    const bad = await c.get('/api/users/slug/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ err_key: 'validation_failed' });
    const long = await c.get(`/api/users/slug/${'a'.repeat(300)}`);
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ err_key: 'route_not_found' });
  });

  it.each([
    ['malformed JSON', '{"email": "a@example.com", '],
    ['an empty JSON body', ''],
    [
      'a prototype-poisoning key',
      '{"__proto__": {"admin": true}, "email": "a@example.com", "password": "x"}',
    ],
    ['a JSON array', '[1, 2, 3]'],
  ])('refuses %s with 400 validation_failed, never 500', async (_label, payload) => {
    const response = await client(server).request({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('validation_failed');
  });

  it('refuses a body over 1 MiB with 413 and an unknown content type with 415', async () => {
    const big = await client(server).post('/api/auth/login', {
      email: 'a@example.com',
      password: 'x'.repeat(1024 * 1024),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ err_key: 'payload_too_large' });
    const xml = await client(server).request({
      method: 'POST',
      url: '/api/auth/login',
      payload: '<login/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ err_key: 'unsupported_media_type' });
  });
});
