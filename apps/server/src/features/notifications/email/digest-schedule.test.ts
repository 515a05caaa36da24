import { describe, expect, it } from 'vitest';
import { digestBoundary, digestDue } from './digest-schedule.ts';

describe('digestBoundary', () => {
  it("is today's 08:00 in the zone once it has passed, null before", () => {
    expect(digestBoundary(new Date('2026-01-10T07:30:00Z'), 'Europe/Berlin')).toEqual(
      new Date('2026-01-10T07:00:00Z'),
    );
    expect(digestBoundary(new Date('2026-01-10T06:59:59Z'), 'Europe/Berlin')).toBeNull();
    expect(digestBoundary(new Date('2026-07-10T06:30:00Z'), 'Europe/Berlin')).toEqual(
      new Date('2026-07-10T06:00:00Z'),
    );
    expect(digestBoundary(new Date('2026-01-10T07:59:00Z'), 'UTC')).toBeNull();
    expect(digestBoundary(new Date('2026-01-10T20:00:00Z'), 'America/New_York')).toEqual(
      new Date('2026-01-10T13:00:00Z'),
    );
  });

  it('takes the local date, not the UTC one, far from UTC', () => {
    // 23:00 UTC on the 9th is 13:00 on the 10th in Kiritimati (UTC+14).
    expect(digestBoundary(new Date('2026-01-09T23:00:00Z'), 'Pacific/Kiritimati')).toEqual(
      new Date('2026-01-09T18:00:00Z'),
    );
  });

  it('uses the zone offset of the boundary on a day the clocks change', () => {
    // Berlin moves to summer time at 01:00 UTC on 29 March 2026: 08:00 local is 06:00 UTC.
    expect(digestBoundary(new Date('2026-03-29T09:00:00Z'), 'Europe/Berlin')).toEqual(
      new Date('2026-03-29T06:00:00Z'),
    );
  });

  it('treats a zone it does not know as UTC', () => {
    expect(digestBoundary(new Date('2026-01-10T09:00:00Z'), 'Mars/Olympus')).toEqual(
      new Date('2026-01-10T08:00:00Z'),
    );
  });
});

describe('digestDue', () => {
  const now = new Date('2026-01-10T09:00:00Z');
  it('is due once per local day after the hour', () => {
    expect(digestDue(now, 'UTC', null)).toBe(true);
    expect(digestDue(now, 'UTC', new Date('2026-01-09T08:05:00Z'))).toBe(true);
    expect(digestDue(now, 'UTC', new Date('2026-01-10T08:05:00Z'))).toBe(false);
    expect(digestDue(new Date('2026-01-10T07:00:00Z'), 'UTC', null)).toBe(false);
  });
});
