import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stream } from '@glimpse/contract';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  completeCheckout,
  sendSandboxWebhook,
  startTopUp,
} from '../providers/test/payments-fixtures.ts';
import { creator, pay, viewer } from './test/purchase-fixtures.ts';
import { fakeLive, startStream } from '../../live/test/live-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The sandbox calls our webhook over HTTP, as an outside provider would.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
});

describe('a paid stream entry and the money behind it', () => {
  it('is taken back when the top-up that paid for it is charged back', async () => {
    const host = await creator(server);
    const fan = await viewer(server);
    const { redirectUrl, checkoutId } = await startTopUp(fan.client, 5);
    await completeCheckout(fan.client, redirectUrl, 'success');
    const stream = await startStream(host.client, { title: 'Paid', price: 3 });
    await fakeLive(server, stream.id);
    const entered = await pay(fan.client, 'POST', `/api/streams/${stream.id}/enter`);
    expect(entered.json()).toEqual({ status: true });
    const read = async () => (await fan.client.get(`/api/streams/${stream.id}`)).json<Stream>();
    expect((await read()).isAvailable).toBe(true);

    await sendSandboxWebhook(server, fan.client, {
      id: `evt_cb_${checkoutId}`,
      type: 'chargeback',
      data: { checkout_id: checkoutId, amount_cents: 500 },
    });
    expect(await read()).toMatchObject({ isAvailable: false, needsPayment: true });
  });
});
