import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '@glimpse/contract';
import { sessions } from '../../db/schema/index.ts';
import { connected, openSocket } from '../../platform/realtime/test/socket-test-client.ts';
import { client, startTestServer, TEST_ORIGIN, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { startTwoNodes, type TwoNodes } from '../chats/test/second-node.ts';
import { signIn } from './test/account-mail.ts';
import { sessionIdFromToken } from './session-token.ts';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

async function socketFor(url: string, cookie: string | undefined): Promise<Socket> {
  const socket = openSocket(url, { cookie: `glimpse_session=${cookie}`, origin: TEST_ORIGIN });
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const disconnected = (socket: Socket) =>
  new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

describe('the sessions list and ending sessions', () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer();
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const list = async (browser: ReturnType<typeof client>) => {
    const response = await browser.get('/api/auth/sessions');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AccountSession[]>();
  };

  it('lists each signed-in device with its browser, country and last use, newest use first', async () => {
    const { body } = await signedUpUser(server);
    const laptop = await signIn(server, body.email, undefined, {
      ip: '8.8.8.8',
      userAgent: FIREFOX_WINDOWS,
    });
    const phone = await signIn(server, body.email, undefined, {
      ip: '81.169.145.156',
      userAgent: SAFARI_IPHONE,
    });
    const seen = await list(phone);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatchObject({
      device: 'Safari on iOS',
      place: 'Germany',
      current: true,
    });
    expect(seen[1]).toMatchObject({
      device: 'Firefox on Windows',
      place: 'United States',
      current: false,
    });
    // The sign-up's own session: inject's client sends no browser User-Agent, a private address.
    expect(seen[2]).toMatchObject({ device: 'Unknown device', place: null, current: false });
    expect(seen.every((s) => /^[0-9a-f-]{36}$/.test(s.id))).toBe(true);

    // The laptop's list marks the laptop.
    expect((await list(laptop)).find((s) => s.current)?.device).toBe('Firefox on Windows');
  });

  it('records a use at most once a minute, with the address it came from', async () => {
    const { client: browser } = await signedUpUser(server);
    const id = sessionIdFromToken(browser.cookie!);
    const row = async () =>
      (await server.ctx.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
    const before = await row();
    // Within the minute: no write.
    const moved = client(server, { ip: '8.8.8.8', cookie: browser.cookie });
    await moved.get('/api/auth/me');
    expect((await row()).lastIp).toBe(before.lastIp);

    const minuteAgo = new Date(Date.now() - 61_000);
    await server.ctx.db.update(sessions).set({ lastUsedAt: minuteAgo }).where(eq(sessions.id, id));
    await moved.get('/api/auth/me');
    const after = await row();
    expect(after.lastIp).toBe('8.8.8.8');
    expect(after.place).toBe('us');
    expect(after.lastUsedAt.getTime()).toBeGreaterThan(minuteAgo.getTime());
    expect((await list(moved))[0]).toMatchObject({ place: 'United States', current: true });
  });

  it('ends another session at once: its socket is disconnected and its cookie answers 401', async () => {
    const { client: here, body } = await signedUpUser(server);
    const there = await signIn(server, body.email);
    const hereSocket = await socketFor(url, here.cookie);
    const thereSocket = await socketFor(url, there.cookie);
    const gone = disconnected(thereSocket);
    const target = (await list(here)).find((s) => !s.current)!;

    const revoked = await here.delete(`/api/auth/sessions/${target.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    await gone;
    expect((await there.get('/api/auth/me')).statusCode).toBe(401);
    expect(hereSocket.connected).toBe(true);
    expect((await list(here)).map((s) => s.id)).not.toContain(target.id);

    const twice = await here.delete(`/api/auth/sessions/${target.id}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ err_key: 'session_not_found' });
  });

  it("answers 404 session_not_found for another user's session, and leaves it alone", async () => {
    const { client: mine } = await signedUpUser(server);
    const { client: theirs } = await signedUpUser(server);
    const [their] = await list(theirs);
    const response = await mine.delete(`/api/auth/sessions/${their!.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ err_key: 'session_not_found' });
    expect((await theirs.get('/api/auth/me')).statusCode).toBe(200);
    const malformed = await mine.delete('/api/auth/sessions/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
  });

  it('ending this very session signs this browser out', async () => {
    const { client: here } = await signedUpUser(server);
    const [current] = await list(here);
    const response = await here.delete(`/api/auth/sessions/${current!.id}`);
    expect(response.statusCode).toBe(204);
    expect(here.cookie).toBeUndefined();
  });

  it('revoke-others ends every other session and its sockets, and keeps this one', async () => {
    const { client: here, body } = await signedUpUser(server);
    const others = [await signIn(server, body.email), await signIn(server, body.email)];
    const otherSockets = await Promise.all(others.map((o) => socketFor(url, o.cookie)));
    const hereSocket = await socketFor(url, here.cookie);
    const gone = Promise.all(otherSockets.map(disconnected));
    const response = await here.post('/api/auth/sessions/revoke-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    await gone;
    for (const other of others) expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    expect((await here.get('/api/auth/me')).statusCode).toBe(200);
    expect(hereSocket.connected).toBe(true);
    expect(await list(here)).toHaveLength(1);
    expect((await here.post('/api/auth/sessions/revoke-others')).json()).toEqual({ revoked: 0 });
  });

  it('needs a session', async () => {
    for (const response of [
      await client(server).get('/api/auth/sessions'),
      await client(server).post('/api/auth/sessions/revoke-others'),
      await client(server).delete('/api/auth/sessions/00000000-0000-4000-8000-000000000000'),
    ])
      expect(response.statusCode).toBe(401);
  });
});

// Two nodes need Redis between them; without TEST_REDIS_URL this suite is skipped (CI sets it).
describe.runIf(process.env.TEST_REDIS_URL)('ending a session across two nodes', () => {
  let nodes: TwoNodes;
  beforeAll(async () => {
    nodes = await startTwoNodes();
  });
  afterAll(async () => {
    await nodes?.stop();
  });

  it('disconnects its socket on the other node before the answer', async () => {
    const { nodeA, urlA, nodeB } = nodes;
    const { client: here, body } = await signedUpUser(nodeA);
    const there = await signIn(nodeA, body.email);
    const onB = await socketFor(nodeB.url, there.cookie);
    const keptOnB = await socketFor(nodeB.url, here.cookie);
    const onA = await socketFor(urlA, there.cookie);
    let goneOnB = false;
    onB.once('disconnect', () => (goneOnB = true));
    const goneOnA = disconnected(onA);
    const target = (await here.get('/api/auth/sessions'))
      .json<AccountSession[]>()
      .find((s) => !s.current)!;
    expect((await here.delete(`/api/auth/sessions/${target.id}`)).statusCode).toBe(204);
    await goneOnA;
    // The server side closed it before answering; the client hears of it a moment later.
    const deadline = Date.now() + 2_000;
    while (!goneOnB && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(goneOnB).toBe(true);
    expect(keptOnB.connected).toBe(true);
    expect((await there.get('/api/auth/me')).statusCode).toBe(401);
  });
});
