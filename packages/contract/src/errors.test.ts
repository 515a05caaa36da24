import { describe, expect, it } from 'vitest';
import {
  errorCatalogue,
  isErrKey,
  isProcessingReason,
  processingReasonCatalogue,
} from './errors.ts';

describe('error catalogue', () => {
  it('gives every key a 4xx/5xx status and an i18n key under errors.<key>', () => {
    for (const [key, entry] of Object.entries(errorCatalogue)) {
      expect(key).toMatch(/^[a-z][a-z_]*$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.message).toBe(`errors.${key}`);
    }
  });

  it('recognises catalogued keys only', () => {
    expect(isErrKey('underage')).toBe(true);
    expect(isErrKey('toString')).toBe(false);
    expect(isErrKey('no_such_key')).toBe(false);
  });
});

describe('processing reason catalogue', () => {
  it('gives every reason a processing_ key, an i18n key under errors.<key>, and no err_key clash', () => {
    for (const [key, entry] of Object.entries(processingReasonCatalogue)) {
      expect(key).toMatch(/^processing_[a-z_]+$/);
      expect(entry.message).toBe(`errors.${key}`);
      expect(isErrKey(key)).toBe(false);
    }
  });

  it('recognises catalogued reasons only', () => {
    expect(isProcessingReason('processing_unreadable_video')).toBe(true);
    expect(isProcessingReason('not a readable video (/tmp/x/source: Invalid data)')).toBe(false);
    expect(isProcessingReason('toString')).toBe(false);
  });
});
