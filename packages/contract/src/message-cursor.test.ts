import { describe, expect, it } from 'vitest';
import { messageCursor, messageIdOfCursor } from './message-cursor.ts';

describe('message cursors', () => {
  it('round-trips message ids, URL-safe', () => {
    for (const id of [1, 9, 10, 62, 63, 999_999, 2 ** 40]) {
      const cursor = messageCursor(id);
      expect(cursor, String(id)).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(messageIdOfCursor(cursor)).toBe(id);
    }
  });

  it('refuses what it did not make', () => {
    for (const bad of ['', '12', 'bTA', '!!!!', 'bTEyYQ', messageCursor(1) + '=', 'x'.repeat(41)])
      expect(messageIdOfCursor(bad), bad).toBeUndefined();
  });
});
