import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestServer, uniqueIp, type TestServer } from '../../test/harness.ts';
import { signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';

// With TEST_REDIS_URL set the harness uses the Redis limiter, so this file covers both.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function login(email: string, password: string, ip = uniqueIp()) {
  return client(server, { ip }).post('/api/auth/login', { email, password });
}

describe('failed-login limit under parallel requests', () => {
  it('checks at most the limit of 30 parallel wrong passwords for one account', async () => {
    const { body } = await signedUpUser(server);
    const limit = server.config.loginFailuresPerWindow;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(body.email, `wrong-${i}-password`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // A 401 is a password that was checked; a 429 is refused before the check.
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limit);
    expect((await login(body.email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('checks at most five times the limit of parallel wrong passwords from one address', async () => {
    const limit = server.config.loginFailuresPerWindow * 5;
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: limit + 20 }, (_, i) =>
        login(`nobody-${i}@example.com`, 'wrong password!', ip),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('does not count refused or successful attempts as failures', async () => {
    const { body } = await signedUpUser(server);
    const limit = server.config.loginFailuresPerWindow;
    const ip = uniqueIp();
    for (let i = 0; i < limit - 1; i++) {
      expect((await login(body.email, `wrong-${i}-password`, ip)).statusCode).toBe(401);
    }
    // The right password clears the account's count, and gives the address its attempt back.
    expect((await login(body.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < limit; i++) {
      expect((await login(body.email, `again-${i}-password`, ip)).statusCode).toBe(401);
    }
    // Refused attempts do not add up: once the failures expire, the account is usable again.
    for (let i = 0; i < 3; i++) {
      expect((await login(body.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    }
    expect(await server.ctx.limiter.count(`login-fail:email:${body.email}`)).toBe(limit);
    expect(await server.ctx.limiter.count(`login-fail:ip:${ip}`)).toBe(2 * limit - 1);
  });
});
