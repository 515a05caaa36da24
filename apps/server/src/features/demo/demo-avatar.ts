import sharp from 'sharp';

/** A deterministic abstract portrait (gradient and shapes) so the demo never ships photos. */
export function demoAvatarPng(seed: number): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const hue2 = (hue + 40 + ((seed * 13) % 80)) % 360;
  const cx = 180 + ((seed * 37) % 150);
  const cy = 160 + ((seed * 53) % 120);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},75%,60%)"/><stop offset="1" stop-color="hsl(${hue2},70%,40%)"/>
  </linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>
  <circle cx="${cx}" cy="${cy}" r="120" fill="hsla(${(hue + 180) % 360},80%,85%,0.55)"/>
  <circle cx="256" cy="560" r="220" fill="hsla(${hue2},60%,20%,0.5)"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
