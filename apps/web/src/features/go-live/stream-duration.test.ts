import { describe, expect, it } from 'vitest';
import { streamDuration } from './stream-duration.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 18) + seconds * 1000).toISOString();

describe('streamDuration', () => {
  it('reads in the largest unit that fits', () => {
    expect(streamDuration(at(0), at(40))).toEqual({ unit: 'seconds', seconds: 40 });
    expect(streamDuration(at(0), at(12 * 60 + 3))).toEqual({
      unit: 'minutes',
      minutes: 12,
      seconds: 3,
    });
    expect(streamDuration(at(0), at(3600 + 5 * 60 + 59))).toEqual({
      unit: 'hours',
      hours: 1,
      minutes: 5,
    });
  });

  it('is unknown for a stream that never had video or has not ended', () => {
    expect(streamDuration(null, at(10))).toBeNull();
    expect(streamDuration(at(0), null)).toBeNull();
  });
});
