import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { ageOn, formatClockTime, formatDate, isAdult, latestAdultBirthdate } from './dates.ts';

const today = new Date(2026, 5, 15); // 15 June 2026, local time

describe('dates', () => {
  it('counts whole years, turning a year older on the birthday', () => {
    expect(ageOn('2008-06-15', today)).toBe(18);
    expect(ageOn('2008-06-16', today)).toBe(17);
  });

  it('is adult from the 18th birthday on', () => {
    expect(isAdult('2008-06-15', today)).toBe(true);
    expect(isAdult('2008-06-16', today)).toBe(false);
  });

  it('rejects dates that do not exist', () => {
    expect(isAdult('2001-02-30', today)).toBe(false);
    expect(isAdult('', today)).toBe(false);
  });

  it('gives the latest adult birthdate for the input max', () => {
    expect(latestAdultBirthdate(today)).toBe('2008-06-15');
  });
});

describe('dates and times in the language on screen', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  const march3 = new Date(2026, 2, 3, 21, 5); // Tuesday 3 March 2026, 9:05 pm local time

  it('writes dates in English and in German', async () => {
    expect(formatDate(march3, { dateStyle: 'medium' })).toBe('Mar 3, 2026');
    expect(formatDate(march3, { weekday: 'long', month: 'long', day: 'numeric' })).toBe(
      'Tuesday, March 3',
    );
    await i18n.changeLanguage('de');
    expect(formatDate(march3, { dateStyle: 'medium' })).toBe('03.03.2026');
    expect(formatDate(march3, { weekday: 'long', month: 'long', day: 'numeric' })).toBe(
      'Dienstag, 3. März',
    );
    expect(formatDate(march3.toISOString(), { dateStyle: 'medium' })).toBe('03.03.2026');
  });

  it('writes clock times am/pm in English and on 24 hours in German', async () => {
    expect(formatClockTime(march3)).toBe('9:05 pm');
    expect(formatClockTime(new Date(2026, 2, 3, 0, 7))).toBe('12:07 am');
    await i18n.changeLanguage('de');
    expect(formatClockTime(march3)).toBe('21:05');
    expect(formatClockTime(new Date(2026, 2, 3, 0, 7))).toBe('00:07');
  });
});
