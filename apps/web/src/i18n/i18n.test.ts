import { errorCatalogue, processingReasonCatalogue } from '@glimpse/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from './index.ts';
// Texts that join with the features that can meet them are part of what every key needs.
import './live-errors.ts';
import './messaging-errors.ts';
import './money-errors.ts';

describe('English texts', () => {
  it.each(Object.entries(errorCatalogue))('has a text for %s', (_errKey, entry) => {
    expect(i18n.exists(entry.message, { lng: 'en' })).toBe(true);
    const text = i18n.t(entry.message, { lng: 'en' });
    expect(text.trim()).not.toBe('');
    expect(text).not.toBe(entry.message);
  });

  it('has the dialog button texts', () => {
    expect(i18n.t('dialogs.yes')).toBe('Yes');
    expect(i18n.t('dialogs.no')).toBe('No');
  });
});

describe('processing reason texts', () => {
  it.each(Object.entries(processingReasonCatalogue))('has a text for %s', (_reason, entry) => {
    expect(i18n.exists(entry.message, { lng: 'en' })).toBe(true);
    const text = i18n.t(entry.message, { lng: 'en', max: 120 });
    expect(text.trim()).not.toBe('');
    expect(text).not.toContain('{{');
  });
});
