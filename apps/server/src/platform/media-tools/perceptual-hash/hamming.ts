/** Meta's recommended PDQ match threshold: hashes this many differing bits apart or fewer match. */
export const MATCH_DISTANCE = 31;

/** PDQ hashes of lower quality (flat, nearly blank pictures) match too much to be used. */
export const MIN_QUALITY = 50;

const HEX_HASH = /^[0-9a-f]{64}$/i;

/** A 256-bit hash as 64 hex characters (either case). */
export function isPdqHash(value: string): boolean {
  return HEX_HASH.test(value);
}

function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Differing bits between two 256-bit hex hashes; throws on anything that is not one. */
export function hammingDistance(a: string, b: string): number {
  if (!isPdqHash(a) || !isPdqHash(b)) throw new TypeError('not a 64-hex-character PDQ hash');
  let distance = 0;
  for (let i = 0; i < 64; i += 8) {
    distance += bitCount(parseInt(a.slice(i, i + 8), 16) ^ parseInt(b.slice(i, i + 8), 16));
  }
  return distance;
}

/** A hash good enough to match on: PDQ's advice is to set lower-quality hashes aside. */
export function isUsableQuality(quality: number): boolean {
  return quality >= MIN_QUALITY;
}

/** Whether two hashes are close enough to be the same picture (qualities are checked apart). */
export function isNearMatch(a: string, b: string, maxDistance = MATCH_DISTANCE): boolean {
  return hammingDistance(a, b) <= maxDistance;
}
