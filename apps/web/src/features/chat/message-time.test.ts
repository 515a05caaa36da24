import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { daysAgo, formatMessageTime, listTime, separatorDate } from './message-time.ts';

// Local times: the app shows the viewer's clock.
const at = (text: string) => new Date(text).toISOString();

describe('message times', () => {
  it.each([
    ['2025-03-03T00:05:00', '12:05 am'],
    ['2025-03-03T09:07:00', '9:07 am'],
    ['2025-03-03T12:00:00', '12:00 pm'],
    ['2025-03-03T21:45:00', '9:45 pm'],
  ])('writes %s as hour:minute am/pm (%s)', (time, expected) => {
    expect(formatMessageTime(at(time))).toBe(expected);
  });

  it('counts calendar days, not 24-hour spans', () => {
    const now = new Date('2025-03-03T00:30:00');
    expect(daysAgo(at('2025-03-02T23:50:00'), now)).toBe(1);
    expect(daysAgo(at('2025-03-03T00:10:00'), now)).toBe(0);
  });

  it('dates a separator with the weekday this year and the year before that', () => {
    const now = new Date('2025-06-01T12:00:00');
    expect(separatorDate(at('2025-03-03T10:00:00'), now)).toBe('Monday, March 3');
    expect(separatorDate(at('2024-12-24T10:00:00'), now)).toBe('December 24, 2024');
  });

  it("gives a list row today's time, the weekday this week, else the date", () => {
    const now = new Date('2025-03-06T12:00:00');
    expect(listTime(at('2025-03-06T08:15:00'), now)).toBe('8:15 am');
    expect(listTime(at('2025-03-03T08:15:00'), now)).toBe('Mon');
    expect(listTime(at('2025-01-20T08:15:00'), now)).toBe('Jan 20');
    expect(listTime(at('2024-11-02T08:15:00'), now)).toBe('Nov 2, 2024');
  });

  describe('in German', () => {
    afterEach(async () => {
      await i18n.changeLanguage('en');
    });

    it('writes times on 24 hours and dates the German way', async () => {
      await i18n.changeLanguage('de');
      expect(formatMessageTime(at('2025-03-03T21:45:00'))).toBe('21:45');
      const now = new Date('2025-06-01T12:00:00');
      expect(separatorDate(at('2025-03-03T10:00:00'), now)).toBe('Montag, 3. März');
      expect(separatorDate(at('2024-12-24T10:00:00'), now)).toBe('24. Dezember 2024');
      const later = new Date('2025-03-06T12:00:00');
      expect(listTime(at('2025-03-06T08:15:00'), later)).toBe('08:15');
      expect(listTime(at('2025-03-03T08:15:00'), later)).toBe('Mo');
      expect(listTime(at('2025-01-20T08:15:00'), later)).toBe('20. Jan.');
    });
  });
});
