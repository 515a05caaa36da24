import { describe, expect, it } from 'vitest';
import { ageOn, isAdult, latestAdultBirthdate } from './dates.ts';

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
