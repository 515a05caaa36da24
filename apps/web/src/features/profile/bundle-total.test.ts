import { describe, expect, it } from 'vitest';
import { bundleTotal } from './bundle-total.ts';

describe('bundleTotal', () => {
  it('is price times period minus the discount percent', () => {
    expect(bundleTotal(10, 3, 0)).toBe(30);
    expect(bundleTotal(10, 6, 10)).toBe(54);
    expect(bundleTotal(9.99, 12, 25)).toBe(89.91);
  });

  it('rounds to cents', () => {
    expect(bundleTotal(4.99, 3, 15)).toBe(12.72);
  });
});
