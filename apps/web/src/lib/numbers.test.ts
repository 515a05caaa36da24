import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { formatNumber } from './numbers.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('formatNumber', () => {
  it('groups digits as the language on screen does', async () => {
    expect(formatNumber(1)).toBe('1');
    expect(formatNumber(12345)).toBe('12,345');
    await i18n.changeLanguage('de');
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatNumber(12345, 'en')).toBe('12,345');
  });

  it('formats counts inside texts too ({{count, number}})', async () => {
    expect(i18n.t('ownStories.views', { count: 12345 })).toBe('12,345 views');
    await i18n.changeLanguage('de');
    expect(i18n.t('ownStories.views', { count: 12345 })).toBe('12.345 Aufrufe');
  });
});
