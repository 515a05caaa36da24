import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TipRequest } from '@glimpse/contract';
import { seedFollow } from '../../../test/access-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { channelOf } from '../../chats/index.ts';
import { startStream } from '../../live/test/live-fixtures.ts';
import { creator, fundWallet, pay, viewer } from '../../money/test/index.ts';
import { linesOf, pushOnly, turnOff } from './test/event-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('tip_received', () => {
  it('a tip notifies the creator once (a replay adds nothing), never the tipper or anyone else', async () => {
    const target = await creator(server);
    const tipper = await viewer(server);
    const bystander = await viewer(server);
    await fundWallet(server, tipper.id, 2_000);
    const key = 'tip-notice-1';
    const body = { user_id: target.id, amount: 7.5, message: 'Thanks' };
    expect((await pay(tipper.client, 'POST', '/api/tips', body, key)).statusCode).toBe(200);
    await pay(tipper.client, 'POST', '/api/tips', body, key);

    const [line, ...more] = await linesOf(server, target.id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      type: 'tip_received',
      actorId: tipper.id,
      subject: { kind: 'wallet' },
      data: { amount: 7.5 },
      inApp: true,
      emailDue: 'immediate',
    });
    expect(line!.dedupeKey).toMatch(/^tip:\d+$/);
    expect(await linesOf(server, tipper.id)).toEqual([]);
    expect(await linesOf(server, bystander.id)).toEqual([]);
  });

  it('a tip in the channel notifies its owner once, not the members', async () => {
    const owner = await creator(server);
    const channel = (await channelOf(server.ctx, owner.id))!;
    const fan = await viewer(server);
    const member = await viewer(server);
    await seedFollow(server, fan.id, owner.id);
    await seedFollow(server, member.id, owner.id);
    await fundWallet(server, fan.id, 1_000);
    const body = { chat_id: channel, amount: 3, message: 'Great show' };
    expect((await pay(fan.client, 'POST', '/api/tips/channel', body)).statusCode).toBe(200);

    expect(await linesOf(server, owner.id)).toEqual([
      expect.objectContaining({ type: 'tip_received', actorId: fan.id, data: { amount: 3 } }),
    ]);
    expect(await linesOf(server, member.id)).toEqual([]);
    expect(await linesOf(server, fan.id)).toEqual([]);
  });

  it("a tip in a live stream's chat notifies the host once, not the other watchers", async () => {
    const host = await creator(server);
    const [fan, watcher] = [await viewer(server), await viewer(server)];
    for (const person of [fan, watcher]) await seedFollow(server, person.id, host.id);
    const stream = await startStream(host.client, { title: 'Live', audience: 'followers' });
    await fundWallet(server, fan.id, 1_000);
    const body = { chat_id: stream.chat_id!, amount: 2, message: 'great show' };
    expect((await pay(fan.client, 'POST', '/api/tips/channel', body)).statusCode).toBe(200);

    expect(await linesOf(server, host.id)).toEqual([
      expect.objectContaining({ type: 'tip_received', actorId: fan.id, data: { amount: 2 } }),
    ]);
    expect(await linesOf(server, watcher.id)).toEqual([]);
  });

  it('honours the preference: off writes nothing; push only writes a line the app does not show', async () => {
    const quiet = await creator(server);
    const pushy = await creator(server);
    const tipper = await viewer(server);
    await fundWallet(server, tipper.id, 2_000);
    await turnOff(server, quiet.id, 'tip_received');
    await pushOnly(server, pushy.id, 'tip_received');
    for (const target of [quiet, pushy]) {
      const tip = await pay(tipper.client, 'POST', '/api/tips', { user_id: target.id, amount: 1 });
      expect(tip.statusCode).toBe(200);
    }
    expect(await linesOf(server, quiet.id)).toEqual([]);
    expect(await linesOf(server, pushy.id)).toEqual([
      expect.objectContaining({ type: 'tip_received', inApp: false, emailDue: null }),
    ]);
  });

  it('a blocked tipper cannot tip, so the creator hears nothing', async () => {
    const target = await creator(server);
    const tipper = await viewer(server);
    await fundWallet(server, tipper.id, 2_000);
    expect((await target.client.post(`/api/users/${tipper.id}/block`)).statusCode).toBeLessThan(
      300,
    );
    const tip = await pay(tipper.client, 'POST', '/api/tips', { user_id: target.id, amount: 1 });
    expect(tip.statusCode).toBe(404);
    expect(await linesOf(server, target.id)).toEqual([]);
  });
});

describe('tip_requested', () => {
  it('a request notifies the asked user once; paying it notifies the requester of the tip', async () => {
    const requester = await creator(server);
    const payer = await viewer(server);
    await fundWallet(server, payer.id, 2_000);
    const ask = await pay(requester.client, 'POST', '/api/tips', {
      user_id: payer.id,
      amount: 4,
      mode: 'request',
    });
    expect(ask.statusCode).toBe(200);
    const [request] = (await payer.client.get('/api/tips/requests')).json<TipRequest[]>();

    expect(await linesOf(server, payer.id)).toEqual([
      expect.objectContaining({
        type: 'tip_requested',
        actorId: requester.id,
        data: { amount: 4 },
        dedupeKey: `tip_request:${request!.id}`,
      }),
    ]);
    expect(await linesOf(server, requester.id)).toEqual([]);

    const paid = await pay(payer.client, 'POST', `/api/tips/requests/${request!.id}/pay`);
    expect(paid.statusCode).toBe(200);
    expect(await linesOf(server, requester.id)).toEqual([
      expect.objectContaining({ type: 'tip_received', actorId: payer.id, data: { amount: 4 } }),
    ]);
    expect(await linesOf(server, payer.id, 'tip_received')).toEqual([]);
  });
});
