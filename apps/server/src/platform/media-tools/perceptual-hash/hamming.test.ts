import { describe, expect, it } from 'vitest';
import { hammingDistance, isNearMatch, isPdqHash, MATCH_DISTANCE } from './index.ts';

const zeros = '0'.repeat(64);

describe('hammingDistance', () => {
  it('counts the differing bits of two 256-bit hex hashes', () => {
    expect(hammingDistance(zeros, zeros)).toBe(0);
    expect(hammingDistance(zeros, 'f'.repeat(64))).toBe(256);
    expect(hammingDistance(zeros, '8' + '0'.repeat(62) + '1')).toBe(2);
    // Case does not matter; bits 0, 1 and 4 of the last byte differ from 0xe4 = 11100100.
    expect(hammingDistance('A'.repeat(62) + 'e4', 'a'.repeat(62) + 'f7')).toBe(3);
  });

  it('refuses anything that is not a 64-hex-character hash', () => {
    expect(isPdqHash(zeros)).toBe(true);
    expect(isPdqHash('0'.repeat(63))).toBe(false);
    expect(isPdqHash('g'.repeat(64))).toBe(false);
    expect(() => hammingDistance(zeros, 'x'.repeat(64))).toThrow(TypeError);
    expect(() => hammingDistance(zeros.slice(1), zeros)).toThrow(TypeError);
  });

  it('matches at MATCH_DISTANCE bits and not one more', () => {
    const flipped = (bits: number) =>
      BigInt.asUintN(256, (1n << BigInt(bits)) - 1n)
        .toString(16)
        .padStart(64, '0');
    expect(isNearMatch(zeros, flipped(MATCH_DISTANCE))).toBe(true);
    expect(isNearMatch(zeros, flipped(MATCH_DISTANCE + 1))).toBe(false);
  });
});
