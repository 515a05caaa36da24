import { describe, expect, it } from 'vitest';
import { addBusinessDays } from './business-days.ts';

const at = (iso: string) => new Date(iso);

describe('addBusinessDays', () => {
  it('skips one weekend over ten days from a Monday', () => {
    // Monday 2 Nov 2026 + 10 business days = Monday 16 Nov (two weekends crossed).
    expect(addBusinessDays(at('2026-11-02T09:30:00Z'), 10).toISOString()).toBe(
      '2026-11-16T09:30:00.000Z',
    );
  });

  it('from a Friday, the next business day is Monday', () => {
    expect(addBusinessDays(at('2026-11-06T23:59:00Z'), 1).toISOString()).toBe(
      '2026-11-09T23:59:00.000Z',
    );
  });

  it('from a Saturday or Sunday counts from the Monday', () => {
    expect(addBusinessDays(at('2026-11-07T12:00:00Z'), 1).toISOString()).toBe(
      '2026-11-09T12:00:00.000Z',
    );
    expect(addBusinessDays(at('2026-11-08T12:00:00Z'), 10).toISOString()).toBe(
      '2026-11-20T12:00:00.000Z',
    );
  });

  it('crosses month and year ends', () => {
    // Wednesday 23 Dec 2026 + 10 = Wednesday 6 Jan 2027.
    expect(addBusinessDays(at('2026-12-23T08:00:00Z'), 10).toISOString()).toBe(
      '2027-01-06T08:00:00.000Z',
    );
  });

  it('never lands on a weekend, whatever the start', () => {
    const start = at('2026-01-01T00:00:00Z').getTime();
    for (let day = 0; day < 60; day += 1) {
      for (const days of [1, 5, 10, 23]) {
        const result = addBusinessDays(new Date(start + day * 86_400_000), days);
        expect([0, 6]).not.toContain(result.getUTCDay());
        // n business days span at least n and at most n + 2 * ceil(n / 5) + 2 calendar days.
        const span = (result.getTime() - start - day * 86_400_000) / 86_400_000;
        expect(span).toBeGreaterThanOrEqual(days);
        expect(span).toBeLessThanOrEqual(days + 2 * Math.ceil(days / 5) + 2);
      }
    }
  });

  it('zero days is the same moment; negative or fractional days are refused', () => {
    expect(addBusinessDays(at('2026-11-07T12:00:00Z'), 0).toISOString()).toBe(
      '2026-11-07T12:00:00.000Z',
    );
    expect(() => addBusinessDays(at('2026-11-07T12:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addBusinessDays(at('2026-11-07T12:00:00Z'), 1.5)).toThrow(RangeError);
  });
});
