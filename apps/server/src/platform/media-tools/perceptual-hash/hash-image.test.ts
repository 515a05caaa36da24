import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hammingDistance,
  hashImage,
  hashImageCrops,
  MATCH_DISTANCE,
  MIN_QUALITY,
  type CropHash,
  type PerceptualHash,
} from './index.ts';
import { reworkedCopy, testPicture } from './test-pictures.ts';

/** How a blocklist would decide: the upload is usable and near one of the listed hashes. */
function held(upload: PerceptualHash, listed: CropHash[]): boolean {
  return (
    upload.quality >= MIN_QUALITY &&
    listed.some((entry) => hammingDistance(upload.hash, entry.hash) <= MATCH_DISTANCE)
  );
}

describe('hashImage and hashImageCrops', () => {
  let original: Buffer;
  let unrelated: Buffer[];
  let listed: CropHash[];

  beforeAll(async () => {
    const pictures = await Promise.all(
      Array.from({ length: 11 }, (_, seed) => testPicture(seed + 1)),
    );
    [original, ...unrelated] = pictures as [Buffer, ...Buffer[]];
    listed = await hashImageCrops(original);
  });

  it('holds a copy re-encoded at quality 60, cut by 5% on every side and halved', async () => {
    const copy = await reworkedCopy(original);
    expect((await sharp(copy).metadata()).width).toBe(540);
    const upload = await hashImage(copy);
    expect(upload.quality).toBeGreaterThanOrEqual(MIN_QUALITY);
    expect(held(upload, listed)).toBe(true);
    // The whole-picture hash alone misses it: PDQ tolerates about 1% of crop a side.
    expect(hammingDistance(upload.hash, listed[0]!.hash)).toBeGreaterThan(MATCH_DISTANCE);
  });

  it('holds none of ten unrelated pictures, which are all far from each other too', async () => {
    const uploads = await Promise.all(unrelated.map((picture) => hashImage(picture)));
    for (const upload of uploads) {
      expect(upload.quality).toBeGreaterThanOrEqual(MIN_QUALITY);
      expect(held(upload, listed)).toBe(false);
    }
    const everyone = [listed[0]!, ...uploads];
    for (const [i, a] of everyone.entries()) {
      for (const b of everyone.slice(i + 1)) {
        expect(hammingDistance(a.hash, b.hash)).toBeGreaterThan(MATCH_DISTANCE);
      }
    }
  });

  it('hashes the whole picture first, then each listing crop, from one decode', async () => {
    expect(listed[0]).toEqual({ ...(await hashImage(original)), crop: { x: 0, y: 0 } });
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.at(-1)!.crop.x).toBeCloseTo(0.1);
    await expect(hashImageCrops(original, [{ x: 0.5, y: 0 }])).rejects.toThrow(RangeError);
  });

  it('gives a flat picture a quality too low to match on', async () => {
    const flat = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#3a6' },
    })
      .jpeg()
      .toBuffer();
    expect((await hashImage(flat)).quality).toBeLessThan(MIN_QUALITY);
  });

  it('hashes a picture as it is shown: EXIF orientation applied, any format', async () => {
    // Pixels stored turned a quarter left, with the tag that tells viewers to turn them back.
    const stored = await sharp(original).rotate(-90).jpeg({ quality: 92 }).toBuffer();
    const tagged = await sharp(stored).withMetadata({ orientation: 6 }).toBuffer();
    const png = await sharp(original).png().toBuffer();
    const expected = listed[0]!.hash;
    expect(hammingDistance((await hashImage(tagged)).hash, expected)).toBeLessThanOrEqual(8);
    expect(hammingDistance((await hashImage(png)).hash, expected)).toBeLessThanOrEqual(8);
    // Without the tag the same pixels are another picture to PDQ.
    expect(hammingDistance((await hashImage(stored)).hash, expected)).toBeGreaterThan(
      MATCH_DISTANCE,
    );
  });
});
