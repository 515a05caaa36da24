import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRequestCountry, requestCountry } from './request-country.ts';

// A real listening server and real sockets: a request body arrives through stream events, whose
// callbacks run outside the context the onRequest hook entered.
const app = Fastify({ trustProxy: ['127.0.0.1'] });
let base = '';
beforeAll(async () => {
  registerRequestCountry(app);
  app.post('/country', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { country: requestCountry(), body: request.body };
  });
  app.get('/country', () => ({ country: requestCountry() }));
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

const germany = { 'x-forwarded-for': '81.169.145.105' };

describe('the request country', () => {
  it('reaches a handler of a GET', async () => {
    const answer = await fetch(`${base}/country`, { headers: germany });
    expect(await answer.json()).toEqual({ country: 'de' });
  });

  it('reaches a handler after a JSON body was read from the socket', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(200_000) });
    const answer = await fetch(`${base}/country`, {
      method: 'POST',
      headers: { ...germany, 'content-type': 'application/json' },
      body,
    });
    const json = (await answer.json()) as { country: string | null };
    expect(json.country).toBe('de');
  });

  it('is null outside a request', () => {
    expect(requestCountry()).toBeNull();
  });
});
