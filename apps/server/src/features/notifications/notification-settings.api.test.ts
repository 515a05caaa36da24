import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_TYPES,
  type NotificationSettings,
} from '@glimpse/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const person = () => signedUpUser(server);
const settingsOf = async (c: Awaited<ReturnType<typeof person>>['client']) =>
  (await c.get('/api/notifications/settings')).json<NotificationSettings>();

describe('notification settings', () => {
  it('answers every type with the defaults for a user who never chose', async () => {
    const me = await person();
    const response = await me.client.get('/api/notifications/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      types: NOTIFICATION_TYPES.map((type) => ({
        type,
        ...DEFAULT_NOTIFICATION_PREFERENCES[type],
      })),
      quiet_hours: null,
      time_zone: 'UTC',
      muted: [],
    });
  });

  it('keeps what is put, merged over the defaults; security stays in the app', async () => {
    const me = await person();
    const put = await me.client.put('/api/notifications/settings', {
      types: [
        { type: 'story_posted', in_app: false, push: false, email: 'off' },
        { type: 'tip_received', in_app: true, push: false, email: 'digest' },
        { type: 'security_sign_in', in_app: false, push: false, email: 'immediate' },
      ],
      quiet_hours: { start: 22 * 60, end: 7 * 60 },
      time_zone: 'Europe/Berlin',
    });
    expect(put.statusCode).toBe(200);
    const expected = {
      types: NOTIFICATION_TYPES.map((type) => ({
        type,
        ...DEFAULT_NOTIFICATION_PREFERENCES[type],
        ...(type === 'story_posted' ? { in_app: false, push: false, email: 'off' } : {}),
        ...(type === 'tip_received' ? { push: false, email: 'digest' } : {}),
        ...(type === 'security_sign_in' ? { in_app: true, push: false, email: 'immediate' } : {}),
      })),
      quiet_hours: { start: 1320, end: 420 },
      time_zone: 'Europe/Berlin',
      muted: [],
    };
    expect(put.json()).toEqual(expected);
    expect(await settingsOf(me.client)).toEqual(expected);

    // Only what is given changes: the hours end, the zone and the types stay.
    const cleared = await me.client.put('/api/notifications/settings', { quiet_hours: null });
    expect(cleared.json()).toEqual({ ...expected, quiet_hours: null });
    // Another user's settings are their own.
    const other = await person();
    expect((await settingsOf(other.client)).time_zone).toBe('UTC');
  });

  it.each(['Mars/Olympus', 'Europe/Berlinn', 'UTC+99'])(
    'refuses the unknown time zone %s with time_zone_invalid and changes nothing',
    async (zone) => {
      const me = await person();
      const response = await me.client.put('/api/notifications/settings', {
        time_zone: zone,
        quiet_hours: { start: 0, end: 60 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ err_key: 'time_zone_invalid' });
      expect(await settingsOf(me.client)).toMatchObject({ time_zone: 'UTC', quiet_hours: null });
    },
  );

  it.each([
    { quiet_hours: { start: -1, end: 60 } },
    { quiet_hours: { start: 0, end: 1440 } },
    { types: [{ type: 'nope', in_app: true, push: true, email: 'off' }] },
    { types: [{ type: 'tip_received', in_app: true, push: true, email: 'weekly' }] },
    { time_zone: '' },
    { sound: true },
  ])('refuses %j with validation_failed', async (body) => {
    const me = await person();
    const response = await me.client.put('/api/notifications/settings', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ err_key: 'validation_failed' });
  });
});

describe('muting a creator', () => {
  it('lists a muted creator in the settings until unmuted; both calls repeat safely', async () => {
    const [me, creator] = [await person(), await person()];
    const url = `/api/users/${creator.user.id}/mute-notifications`;
    for (let i = 0; i < 2; i += 1) {
      const response = await me.client.post(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
    }
    expect((await settingsOf(me.client)).muted).toEqual([
      { id: creator.user.id, name: creator.user.name, slug: creator.user.slug, avatar_url: null },
    ]);
    // The creator's own settings do not list the fan.
    expect((await settingsOf(creator.client)).muted).toEqual([]);
    for (let i = 0; i < 2; i += 1) expect((await me.client.delete(url)).statusCode).toBe(200);
    expect((await settingsOf(me.client)).muted).toEqual([]);
  });

  it('answers user_not_found for an unknown user and for one who blocked the caller', async () => {
    const [me, creator] = [await person(), await person()];
    const unknown = await me.client.post('/api/users/99999999/mute-notifications');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ err_key: 'user_not_found' });
    expect((await creator.client.post(`/api/users/${me.user.id}/block`)).statusCode).toBe(200);
    const hidden = await me.client.post(`/api/users/${creator.user.id}/mute-notifications`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ err_key: 'user_not_found' });
    expect((await settingsOf(me.client)).muted).toEqual([]);
  });

  it('accepts muting oneself and stores nothing', async () => {
    const me = await person();
    const response = await me.client.post(`/api/users/${me.user.id}/mute-notifications`);
    expect(response.statusCode).toBe(200);
    expect((await settingsOf(me.client)).muted).toEqual([]);
  });
});
