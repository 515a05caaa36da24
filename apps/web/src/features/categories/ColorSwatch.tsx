import { COLORFUL_CODE } from '@glimpse/contract';
import type { CSSProperties } from 'react';

/** The spec's "colorful" code is a red-to-yellow gradient; any other code is a CSS colour. */
export function swatchStyle(colorCode: string): CSSProperties {
  return colorCode === COLORFUL_CODE
    ? { backgroundImage: 'linear-gradient(to right, red, yellow)' }
    : { backgroundColor: colorCode };
}

export function ColorSwatch({ colorCode }: { colorCode: string }) {
  return (
    <span
      data-testid="color-swatch"
      aria-hidden="true"
      className="inline-block size-6 rounded-full border border-black/15"
      style={swatchStyle(colorCode)}
    />
  );
}
