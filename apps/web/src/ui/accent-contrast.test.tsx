import { ACCENT_COLOR } from '@glimpse/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrast, cssBlockColors } from '../test/css-colors.ts';
import { accentFill, Button } from './Button.tsx';
import { Chip } from './Chip.tsx';

/** The colour custom properties of the app's (light) theme, read from the stylesheet itself. */
const themeColors = () => cssBlockColors('@theme');

const WHITE = '#ffffff';
/** Tailwind's neutral-100 (oklch 97% 0 0), the page background. */
const PAGE = '#f5f5f5';
const AA_TEXT = 4.5;
const AA_NON_TEXT = 3;

describe('accent colour', () => {
  const colors = themeColors();

  it('is the spec colour #FE4811', () => {
    expect(colors.accent).toBe(ACCENT_COLOR.toLowerCase());
  });

  it('keeps text on an accent fill at WCAG AA, hovered or not', () => {
    expect(contrast(colors['on-accent']!, colors.accent!)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(colors['on-accent']!, colors['accent-hover']!)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('would fail AA with white text, which is why the text is dark', () => {
    expect(contrast(WHITE, colors.accent!)).toBeLessThan(AA_TEXT);
  });

  it('keeps accent text on light surfaces at AA and accent marks at 3:1', () => {
    for (const surface of [WHITE, PAGE]) {
      expect(contrast(colors['accent-strong']!, surface)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(colors.accent!, surface)).toBeGreaterThanOrEqual(AA_NON_TEXT);
    }
  });

  it('is the fill of primary buttons and selected chips, with the AA text colour', () => {
    render(
      <>
        <Button>Save</Button>
        <Chip selected>Chosen</Chip>
      </>,
    );
    for (const name of ['Save', 'Chosen']) {
      const classes = screen.getByRole('button', { name }).classList;
      for (const required of accentFill.split(' ')) expect(classes).toContain(required);
      expect(classes).not.toContain('text-white');
    }
    expect(accentFill.split(' ')).toEqual(
      expect.arrayContaining(['bg-accent', 'text-on-accent', 'hover:bg-accent-hover']),
    );
  });
});
