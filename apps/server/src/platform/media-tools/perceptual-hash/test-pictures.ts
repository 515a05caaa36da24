import sharp from 'sharp';

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so every run draws the same set. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['harbour', 'GLIMPSE', 'midnight', 'Sale 40%', 'hello', 'café', 'LIVE', '2025'];

function shape(random: () => number, width: number, height: number): string {
  const x = random() * width;
  const y = random() * height;
  const size = (0.05 + random() * 0.3) * Math.min(width, height);
  const fill = `hsl(${Math.floor(random() * 360)},${30 + Math.floor(random() * 70)}%,${10 + Math.floor(random() * 80)}%)`;
  const opacity = (0.5 + random() * 0.5).toFixed(2);
  const angle = Math.floor(random() * 360);
  const style = `fill="${fill}" fill-opacity="${opacity}" transform="rotate(${angle} ${x} ${y})"`;
  switch (Math.floor(random() * 4)) {
    case 0:
      return `<circle cx="${x}" cy="${y}" r="${size}" ${style}/>`;
    case 1:
      return `<rect x="${x - size}" y="${y - size / 2}" width="${size * 2}" height="${size}" ${style}/>`;
    case 2:
      return `<ellipse cx="${x}" cy="${y}" rx="${size * 1.6}" ry="${size * 0.6}" ${style}/>`;
    default: {
      const points = Array.from(
        { length: 3 + Math.floor(random() * 4) },
        () => `${x + (random() - 0.5) * 2 * size},${y + (random() - 0.5) * 2 * size}`,
      );
      return `<polygon points="${points.join(' ')}" ${style}/>`;
    }
  }
}

/**
 * A made-up "photo" (JPEG, quality 92): a gradient sky at a random angle, a dozen or more
 * overlapping shapes, a caption and grain. Different seeds give unrelated compositions.
 */
export async function testPicture(seed: number, width = 1200, height = 900): Promise<Buffer> {
  const random = randomSource(seed);
  const hue = Math.floor(random() * 360);
  const angle = random() * Math.PI * 2;
  const [dx, dy] = [Math.cos(angle) / 2, Math.sin(angle) / 2];
  const shapes = Array.from({ length: 12 + Math.floor(random() * 12) }, () =>
    shape(random, width, height),
  );
  const word = WORDS[Math.floor(random() * WORDS.length)]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="${0.5 - dx}" y1="${0.5 - dy}" x2="${0.5 + dx}" y2="${0.5 + dy}">
    <stop offset="0" stop-color="hsl(${hue},70%,${20 + Math.floor(random() * 60)}%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 90 + Math.floor(random() * 180)) % 360},60%,${20 + Math.floor(random() * 60)}%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  ${shapes.join('\n  ')}
  <text x="${Math.floor(random() * width * 0.5)}" y="${Math.floor(height * (0.2 + random() * 0.7))}"
    font-family="sans-serif" font-weight="bold" font-size="${Math.floor(height / 8)}" fill="#fff">${word}</text>
</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) {
    data[i] = Math.max(0, Math.min(255, data[i]! + Math.round((random() - 0.5) * 24)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The copy the issue asks to catch: 5% cut from every side, half the size, JPEG quality 60. */
export async function reworkedCopy(picture: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(picture).metadata();
  const left = Math.round(width * 0.05);
  const top = Math.round(height * 0.05);
  const keptWidth = width - 2 * left;
  const keptHeight = height - 2 * top;
  return sharp(picture)
    .extract({ left, top, width: keptWidth, height: keptHeight })
    .resize(Math.round(keptWidth / 2), Math.round(keptHeight / 2))
    .jpeg({ quality: 60 })
    .toBuffer();
}
