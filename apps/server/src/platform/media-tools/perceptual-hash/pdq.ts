/**
 * PDQ (Meta's "perceptual, DCT, quality" image hash), written from the algorithm in
 * facebook/ThreatExchange pdq/ and its hashing doc: a luminance image is blurred by a tent
 * filter (two X,Y passes of a box filter, after Jarosz), sampled to 64x64, and the 16x16 lowest
 * non-constant frequencies of its DCT are compared with their median, one bit each.
 */

export interface PerceptualHash {
  /** 256 bits as 64 lowercase hex characters, in the reference implementations' order. */
  hash: string;
  /** 0-100 from the count of strong gradients: a flat or nearly blank picture scores low. */
  quality: number;
}

const SIDE = 64;
const BANDS = 16;
/** Below this, in either dimension, the reference gives up: an empty hash of quality 0. */
const MIN_HASHABLE_SIDE = 5;
const TENT_PASSES = 2;

/** Rows 1..16 of the 64-point DCT-II basis (row 0, the average, carries no shape). */
const dctBasis: Float64Array = (() => {
  const basis = new Float64Array(BANDS * SIDE);
  const scale = Math.sqrt(2 / SIDE);
  for (let band = 0; band < BANDS; band++) {
    for (let x = 0; x < SIDE; x++) {
      basis[band * SIDE + x] = scale * Math.cos((Math.PI / (2 * SIDE)) * (band + 1) * (2 * x + 1));
    }
  }
  return basis;
})();

/**
 * Two passes of this window give each 64x64 sample a tent over one 1/64th of the picture:
 * half of a block per pass, rounded up.
 */
function tentWindow(length: number): number {
  return Math.floor((length + 2 * SIDE - 1) / (2 * SIDE));
}

/**
 * Moving average along one line of `length` values `stride` apart, window centred (the extra
 * value of an even window falls on the right) and shrinking at both ends rather than padding.
 */
function boxLine(
  source: Float64Array,
  target: Float64Array,
  start: number,
  length: number,
  stride: number,
  window: number,
): void {
  const ahead = Math.floor(window / 2);
  const behind = window - 1 - ahead;
  let sum = 0;
  let count = 0;
  // Prime the sum with the values to the right of the first output.
  for (let i = 0; i < Math.min(ahead, length); i++) {
    sum += source[start + i * stride]!;
    count++;
  }
  for (let out = 0; out < length; out++) {
    const entering = out + ahead;
    if (entering < length) {
      sum += source[start + entering * stride]!;
      count++;
    }
    const leaving = out - behind - 1;
    if (leaving >= 0) {
      sum -= source[start + leaving * stride]!;
      count--;
    }
    target[start + out * stride] = sum / count;
  }
}

/** The tent blur, in place in `pixels` (`scratch` is a buffer of the same size). */
function tentBlur(pixels: Float64Array, scratch: Float64Array, width: number, height: number) {
  const alongRows = tentWindow(width);
  const alongColumns = tentWindow(height);
  for (let pass = 0; pass < TENT_PASSES; pass++) {
    for (let y = 0; y < height; y++) boxLine(pixels, scratch, y * width, width, 1, alongRows);
    for (let x = 0; x < width; x++) boxLine(scratch, pixels, x, height, width, alongColumns);
  }
}

/** One blurred pixel per 64th of each side, taken at the centre of its cell. */
function sample64(pixels: Float64Array, width: number, height: number): Float64Array {
  const grid = new Float64Array(SIDE * SIDE);
  for (let row = 0; row < SIDE; row++) {
    const y = Math.floor(((row + 0.5) * height) / SIDE);
    for (let column = 0; column < SIDE; column++) {
      const x = Math.floor(((column + 0.5) * width) / SIDE);
      grid[row * SIDE + column] = pixels[y * width + x]!;
    }
  }
  return grid;
}

/**
 * PDQ's quality: neighbour differences in percent of full scale, truncated to whole percents so
 * only clear edges count (not a haze of tiny ones), summed and scaled by the reference's 90.
 */
function quality(grid: Float64Array): number {
  let gradientSum = 0;
  for (let row = 0; row < SIDE; row++) {
    for (let column = 0; column < SIDE; column++) {
      const here = grid[row * SIDE + column]!;
      if (row < SIDE - 1)
        gradientSum += Math.abs(
          Math.trunc(((here - grid[(row + 1) * SIDE + column]!) * 100) / 255),
        );
      if (column < SIDE - 1)
        gradientSum += Math.abs(Math.trunc(((here - grid[row * SIDE + column + 1]!) * 100) / 255));
    }
  }
  return Math.min(100, Math.floor(gradientSum / 90));
}

/** B = D A Dᵀ with D the 16x64 basis: only the 16x16 frequencies the hash uses are computed. */
function lowFrequencies(grid: Float64Array): Float64Array {
  const partial = new Float64Array(BANDS * SIDE);
  for (let band = 0; band < BANDS; band++) {
    for (let column = 0; column < SIDE; column++) {
      let sum = 0;
      for (let row = 0; row < SIDE; row++) {
        sum += dctBasis[band * SIDE + row]! * grid[row * SIDE + column]!;
      }
      partial[band * SIDE + column] = sum;
    }
  }
  const result = new Float64Array(BANDS * BANDS);
  for (let vertical = 0; vertical < BANDS; vertical++) {
    for (let horizontal = 0; horizontal < BANDS; horizontal++) {
      let sum = 0;
      for (let k = 0; k < SIDE; k++) {
        sum += partial[vertical * SIDE + k]! * dctBasis[horizontal * SIDE + k]!;
      }
      result[vertical * BANDS + horizontal] = sum;
    }
  }
  return result;
}

/**
 * Bit i*16+j is set when frequency (i,j) is above the median (the 128th smallest, as the
 * reference's Torben median gives). Hex order as the references print it: bit 255 first, bit 0
 * last.
 */
function toHex(frequencies: Float64Array): string {
  const median = Float64Array.from(frequencies).sort()[(frequencies.length - 1) >> 1]!;
  const bytes = new Uint8Array(32);
  frequencies.forEach((value, bit) => {
    if (value > median) bytes[31 - (bit >> 3)]! |= 1 << (bit & 7);
  });
  return Buffer.from(bytes).toString('hex');
}

const EMPTY_HASH = '0'.repeat(64);

/**
 * The PDQ hash of a luminance image (row-major, 0-255, `width` x `height`). `luma` is used as
 * working space and is blurred in place.
 */
export function pdqFromLuma(luma: Float64Array, width: number, height: number): PerceptualHash {
  if (luma.length !== width * height) throw new RangeError('luma is not width x height');
  if (width < MIN_HASHABLE_SIDE || height < MIN_HASHABLE_SIDE)
    return { hash: EMPTY_HASH, quality: 0 };
  tentBlur(luma, new Float64Array(luma.length), width, height);
  const grid = sample64(luma, width, height);
  return { hash: toHex(lowFrequencies(grid)), quality: quality(grid) };
}

/** BT.601 luma, as PDQ computes it on the gamma-encoded (not linear) values. */
export function lumaFromPixels(pixels: Uint8Array, channels: number): Float64Array {
  const count = pixels.length / channels;
  const luma = new Float64Array(count);
  if (channels < 3) {
    for (let i = 0; i < count; i++) luma[i] = pixels[i * channels]!;
    return luma;
  }
  for (let i = 0, p = 0; i < count; i++, p += channels) {
    luma[i] = 0.299 * pixels[p]! + 0.587 * pixels[p + 1]! + 0.114 * pixels[p + 2]!;
  }
  return luma;
}
