import { errorCatalogue, processingReasonCatalogue } from '@glimpse/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './index.ts';
// Texts that join with the features that can meet them are part of what every key needs.
import './account-errors.ts';
import './data-export-errors.ts';
import './live-errors.ts';
import './messaging-errors.ts';
import './money-errors.ts';
import './notification-errors.ts';
import './two-factor-errors.ts';
import './copyright-errors.ts';

beforeAll(async () => {
  // German's texts load on the switch; English stays the language on screen for other tests.
  await i18n.loadLanguages('de');
});

describe.each(['en', 'de'])('error texts (%s)', (lng) => {
  it.each(Object.entries(errorCatalogue))('has a text for %s', (_errKey, entry) => {
    expect(i18n.exists(entry.message, { lng, fallbackLng: false })).toBe(true);
    const text = i18n.t(entry.message, { lng });
    expect(text.trim()).not.toBe('');
    expect(text).not.toBe(entry.message);
  });

  it.each(Object.entries(processingReasonCatalogue))(
    'has a processing reason text for %s',
    (_reason, entry) => {
      expect(i18n.exists(entry.message, { lng, fallbackLng: false })).toBe(true);
      const text = i18n.t(entry.message, { lng, max: 120 });
      expect(text.trim()).not.toBe('');
      expect(text).not.toContain('{{');
    },
  );
});

describe('dialog texts', () => {
  it('has the dialog button texts', () => {
    expect(i18n.t('dialogs.yes')).toBe('Yes');
    expect(i18n.t('dialogs.no')).toBe('No');
    expect(i18n.t('dialogs.yes', { lng: 'de' })).toBe('Ja');
  });
});
