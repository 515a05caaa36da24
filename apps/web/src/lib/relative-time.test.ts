import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './relative-time.ts';

const now = Date.parse('2026-06-15T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
const DAY = 86_400;

describe('formatTimeAgo', () => {
  it('says how long ago in the largest whole unit, short, in English', () => {
    expect(formatTimeAgo(ago(20), 'en', now)).toBe('now');
    expect(formatTimeAgo(ago(5 * 60 + 59), 'en', now)).toBe('5m ago');
    expect(formatTimeAgo(ago(2 * 3600 + 120), 'en', now)).toBe('2h ago');
    expect(formatTimeAgo(ago(26 * 3600), 'en', now)).toBe('yesterday');
    expect(formatTimeAgo(ago(3 * DAY), 'en', now)).toBe('3d ago');
    expect(formatTimeAgo(ago(15 * DAY), 'en', now)).toBe('2w ago');
  });

  it('counts a single week, month or year instead of abbreviating "last wk."', () => {
    expect(formatTimeAgo(ago(8 * DAY), 'en', now)).toBe('1w ago');
    expect(formatTimeAgo(ago(40 * DAY), 'en', now)).toBe('1mo ago');
    expect(formatTimeAgo(ago(400 * DAY), 'en', now)).toBe('1y ago');
  });

  it('writes whole words in the long style, for sentences', () => {
    expect(formatTimeAgo(ago(8 * DAY), 'en', now, 'long')).toBe('1 week ago');
    expect(formatTimeAgo(ago(2 * 3600), 'en', now, 'long')).toBe('2 hours ago');
    expect(formatTimeAgo(ago(26 * 3600), 'en', now, 'long')).toBe('yesterday');
    expect(formatTimeAgo(ago(10), 'en', now, 'long')).toBe('now');
    expect(formatTimeAgo(ago(8 * DAY), 'de', now, 'long')).toBe('vor 1 Woche');
  });

  it('follows the language on screen', () => {
    expect(formatTimeAgo(ago(2 * 3600), 'de', now)).toBe('vor 2 Std.');
    expect(formatTimeAgo(ago(26 * 3600), 'de', now)).toBe('gestern');
  });

  it('reads a time slightly in the future as now', () => {
    expect(formatTimeAgo(new Date(now + 3_000), 'en', now)).toBe('now');
  });
});
