import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startTestPushService, type TestPushService } from './test-push-service.ts';

// The test push service must refuse what a real one refuses, or the API tests prove nothing.

let service: TestPushService;
beforeAll(async () => {
  service = await startTestPushService();
});
afterAll(async () => {
  await service?.close();
});

const keys = webpush.generateVAPIDKeys();
const subject = 'mailto:ops@example.test';

async function send(
  subscription: ReturnType<TestPushService['subscribe']>,
  options: { privateKey?: string; audience?: string; payload?: string } = {},
) {
  const details = webpush.generateRequestDetails(subscription, options.payload ?? '{"hi":1}', {
    vapidDetails: {
      subject,
      publicKey: keys.publicKey,
      privateKey: options.privateKey ?? keys.privateKey,
    },
    contentEncoding: 'aes128gcm',
    TTL: 60,
  });
  if (options.audience) {
    const vapid = webpush.getVapidHeaders(
      options.audience,
      subject,
      keys.publicKey,
      options.privateKey ?? keys.privateKey,
      'aes128gcm',
    );
    details.headers.Authorization = vapid.Authorization;
  }
  const response = await fetch(details.endpoint, {
    method: 'POST',
    headers: details.headers as Record<string, string>,
    body: details.body as Buffer<ArrayBuffer>,
  });
  return response.status;
}

describe('test push service', () => {
  it('accepts a push signed with the subscription key and decrypts it', async () => {
    const subscription = service.subscribe(keys.publicKey);
    expect(await send(subscription, { payload: '{"type":"tip_received"}' })).toBe(201);
    expect(service.received.at(-1)!.payload).toEqual({ type: 'tip_received' });
  });

  it('refuses a JWT signed by another key, for another audience, or for another subscription key', async () => {
    const before = service.refused.length;
    const subscription = service.subscribe(keys.publicKey);
    const stranger = webpush.generateVAPIDKeys();
    expect(await send(subscription, { privateKey: stranger.privateKey })).toBe(400);
    expect(await send(subscription, { audience: 'http://127.0.0.1:1' })).toBe(400);
    expect(await send(service.subscribe(stranger.publicKey))).toBe(400);
    expect(service.refused.slice(before).map((r) => r.reason)).toEqual([
      'JWT signature does not verify',
      'aud http://127.0.0.1:1 is not ' + service.origin,
      'k is not the subscription key',
    ]);
  });

  it('refuses a body it cannot decrypt (encrypted for another browser)', async () => {
    const mine = service.subscribe(keys.publicKey);
    const other = service.subscribe(keys.publicKey);
    const details = webpush.generateRequestDetails(other, 'secret', {
      vapidDetails: { subject, ...keys },
      contentEncoding: 'aes128gcm',
    });
    const response = await fetch(mine.endpoint, {
      method: 'POST',
      headers: details.headers as Record<string, string>,
      body: details.body as Buffer<ArrayBuffer>,
    });
    expect(response.status).toBe(400);
  });
});
