import { describe, expect, it } from 'vitest';
import { endpointAllowed } from './push-endpoint.ts';
import { quietUntil } from './quiet-hours.ts';

const at = (iso: string) => new Date(iso);
const hours = (h: number, m = 0) => h * 60 + m;

describe('quietUntil', () => {
  it('is null without quiet hours, outside them, or when they are empty', () => {
    const now = at('2026-03-10T12:00:00Z');
    expect(quietUntil(now, undefined)).toBeNull();
    expect(quietUntil(now, { timeZone: 'UTC', quietStart: null, quietEnd: null })).toBeNull();
    expect(
      quietUntil(now, { timeZone: 'UTC', quietStart: hours(22), quietEnd: hours(7) }),
    ).toBeNull();
    expect(
      quietUntil(now, { timeZone: 'UTC', quietStart: hours(12), quietEnd: hours(12) }),
    ).toBeNull();
  });

  it("ends at the end of the hours in the user's time zone, past midnight too", () => {
    // 23:30 in Berlin (UTC+1 in March before the change): quiet 22:00-07:00 ends 06:00 UTC.
    const late = at('2026-03-10T22:30:20Z');
    const berlin = { timeZone: 'Europe/Berlin', quietStart: hours(22), quietEnd: hours(7) };
    expect(quietUntil(late, berlin)).toEqual(at('2026-03-11T06:00:00Z'));
    // 05:59 Berlin: one minute left.
    expect(quietUntil(at('2026-03-11T04:59:00Z'), berlin)).toEqual(at('2026-03-11T06:00:00Z'));
    // 07:00 Berlin: over.
    expect(quietUntil(at('2026-03-11T06:00:00Z'), berlin)).toBeNull();
    // The same instant is 07:30 in Tokyo: not quiet there; 23:00 Tokyo is, until 07:00 Tokyo.
    const tokyo = { ...berlin, timeZone: 'Asia/Tokyo' };
    expect(quietUntil(late, tokyo)).toBeNull();
    expect(quietUntil(at('2026-03-10T14:00:00Z'), tokyo)).toEqual(at('2026-03-10T22:00:00Z'));
  });

  it('within one day: 13:00-15:00 New York', () => {
    const ny = { timeZone: 'America/New_York', quietStart: hours(13), quietEnd: hours(15) };
    // 14:15 EST is 19:15 UTC.
    expect(quietUntil(at('2026-01-15T19:15:00Z'), ny)).toEqual(at('2026-01-15T20:00:00Z'));
    expect(quietUntil(at('2026-01-15T20:00:00Z'), ny)).toBeNull();
  });
});

describe('endpointAllowed', () => {
  it('in production: https on a public host name only', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', true)).toBe(true);
    expect(endpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/x', true)).toBe(
      true,
    );
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://10.0.0.5/push',
      'https://localhost/push',
      'https://metadata.internal/push',
      'https://user:pw@push.example.com/x',
      'not a url',
    ])
      expect(endpointAllowed(endpoint, true), endpoint).toBe(false);
  });

  it('in development and tests: http and loopback too, nothing but http(s)', () => {
    expect(endpointAllowed('http://127.0.0.1:4000/push/x', false)).toBe(true);
    expect(endpointAllowed('ftp://127.0.0.1/push', false)).toBe(false);
  });
});
