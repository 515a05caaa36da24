import { describe, expect, it } from 'vitest';
import { presentStoryStatistics } from './story-statistics.presenter.ts';

describe('presentStoryStatistics', () => {
  it('lists buyers and tippers by lower-case name and sums in cents before converting', () => {
    const stats = presentStoryStatistics(
      [
        { username: 'Anna', priceCents: 10 },
        { username: 'BEN', priceCents: 20 },
      ],
      [{ username: 'Mia', priceCents: 499, title: 'thanks' }],
    );
    expect(stats.purchased).toEqual([
      { username: 'anna', price: 0.1 },
      { username: 'ben', price: 0.2 },
    ]);
    expect(stats.tips).toEqual([{ username: 'mia', price: 4.99, title: 'thanks' }]);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; cents keep it exact.
    expect(stats.purchased_total).toBe(0.3);
    expect(stats.tips_total).toBe(4.99);
    expect(stats.total).toBe(5.29);
  });

  it('answers zeros for a story nobody paid for', () => {
    expect(presentStoryStatistics([], [])).toEqual({
      purchased: [],
      tips: [],
      purchased_total: 0,
      tips_total: 0,
      total: 0,
    });
  });
});
