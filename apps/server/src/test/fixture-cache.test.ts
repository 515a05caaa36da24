import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cachedFixture } from './fixture-cache.ts';

describe('media fixtures made once per run', () => {
  it('makes a recipe once and hands every later caller its own copy of the same bytes', async () => {
    const recipe = ['probe', randomBytes(8).toString('hex')];
    let made = 0;
    const make = async () => {
      made += 1;
      return randomBytes(64);
    };
    const first = await cachedFixture(recipe, make);
    const again = await cachedFixture(recipe, make);
    expect(made).toBe(1);
    expect(again.equals(first)).toBe(true);
    // A caller that corrupts its copy (the hostile-input suites do) leaves the next one whole.
    again.fill(0);
    expect((await cachedFixture(recipe, make)).equals(first)).toBe(true);
  });

  it('makes a different recipe anew', async () => {
    let made = 0;
    const make = async () => {
      made += 1;
      return Buffer.from(String(made));
    };
    const tag = randomBytes(8).toString('hex');
    const one = await cachedFixture(['probe', tag, '1'], make);
    const two = await cachedFixture(['probe', tag, '2'], make);
    expect(made).toBe(2);
    expect(one.equals(two)).toBe(false);
  });
});
