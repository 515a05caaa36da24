import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The app's colours as index.css declares them, and WCAG 2 contrast between them, for the
 * contrast tests (ui/accent-contrast.test.tsx, ui/dark-palette.test.tsx).
 */

const STYLESHEET = path.join(import.meta.dirname, '../index.css');

/**
 * The `--color-*` custom properties of the block whose selector (or at-rule, such as `@theme`)
 * is `selector`, by name without the prefix: `{ 'neutral-100': '#111111' }`.
 */
export function cssBlockColors(selector: string): Record<string, string> {
  const stylesheet = readFileSync(STYLESHEET, 'utf8');
  const start = stylesheet.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`index.css has no block ${selector}`);
  const block = stylesheet.slice(start, stylesheet.indexOf('}', start));
  const colors: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/--color-([a-z0-9-]+):\s*([^;]+);/gi)) {
    colors[name!] = value!.trim().toLowerCase();
  }
  return colors;
}

type Rgb = [number, number, number];

/** Linear-light sRGB channels (0..1) of `#rrggbb` or `oklch(L% C H)`, clipped to the gamut. */
export function linearRgb(color: string): Rgb {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) {
    return [0, 2, 4].map((at) => {
      const channel = parseInt(hex[1]!.slice(at, at + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
  }
  const oklch = /^oklch\(\s*([\d.]+)%\s+([\d.]+)\s+([\d.]+|none)\s*\)$/i.exec(color);
  if (!oklch) throw new Error(`not a colour this test reads: ${color}`);
  const lightness = Number(oklch[1]) / 100;
  const chroma = Number(oklch[2]);
  const hue = oklch[3] === 'none' ? 0 : (Number(oklch[3]) * Math.PI) / 180;
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  // Björn Ottosson's OKLab to linear sRGB.
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const rgb: Rgb = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return rgb.map((channel) => Math.min(1, Math.max(0, channel))) as Rgb;
}

function encode(channel: number): number {
  return channel <= 0.0031308 ? channel * 12.92 : 1.055 * channel ** (1 / 2.4) - 0.055;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(encode(channel) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `color` at `alpha` painted over `background`, blended as a browser does (gamma-encoded). */
export function over(color: string, alpha: number, background: string): string {
  const top = linearRgb(color).map(encode);
  const bottom = linearRgb(background).map(encode);
  const mixed = top.map((channel, index) => alpha * channel + (1 - alpha) * bottom[index]!);
  return toHex(
    mixed.map((channel) =>
      channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
    ) as Rgb,
  );
}

/** WCAG 2 relative luminance. */
export function luminance(color: string): number {
  const [r, g, b] = linearRgb(color);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
