import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contrast, cssBlockColors, over } from '../test/css-colors.ts';

/*
 * The dark theme keeps the screens' light-theme classes and changes what the colours are
 * (index.css, docs/decisions.md "Dark mode"), so every pairing the screens use must still read:
 * WCAG AA, 4.5:1 for text and 3:1 for icons and marks, computed from index.css itself.
 */

const light = cssBlockColors('@theme');
const dark = { ...light, ...cssBlockColors("html[data-theme='dark']") };
const media = cssBlockColors(
  "html[data-theme='dark'] :is(.media-surface, [class*='bg-black/'], [class*='from-black'])",
);
const AA_TEXT = 4.5;
const AA_NON_TEXT = 3;

/** The surfaces text sits on: cards, sheets and headers (white), subtle panels (50), the page (100). */
const SURFACES = ['white', 'neutral-50', 'neutral-100'] as const;

function color(name: string): string {
  const value = dark[name];
  if (!value) throw new Error(`the dark theme has no colour ${name}`);
  return value;
}

function expectText(text: string, surface: string, minimum = AA_TEXT) {
  expect(
    contrast(color(text), color(surface)),
    `${text} on ${surface} in the dark theme`,
  ).toBeGreaterThanOrEqual(minimum);
}

describe('dark theme palette', () => {
  it('turns the surfaces dark and the ink light', () => {
    for (const surface of SURFACES) {
      expect(contrast(color(surface), '#000000')).toBeLessThan(1.5);
    }
    expect(contrast(color('neutral-900'), '#ffffff')).toBeLessThan(1.2);
  });

  it('keeps body, secondary and muted text at AA on every surface', () => {
    for (const surface of SURFACES) {
      for (const text of [
        'neutral-500',
        'neutral-600',
        'neutral-700',
        'neutral-800',
        'neutral-900',
      ]) {
        expectText(text, surface);
      }
    }
    // Secondary fills (skeleton bars, pressed buttons) under body text.
    expectText('neutral-800', 'neutral-200');
  });

  it('keeps placeholders and muted icons at 3:1', () => {
    for (const surface of SURFACES) expectText('neutral-400', surface, AA_NON_TEXT);
  });

  it('keeps the inverted fills readable (dark buttons and snackbars become light)', () => {
    for (const fill of ['neutral-800', 'neutral-900']) expectText('white', fill);
  });

  it('keeps white text on the red fills (live badge, recording) at AA', () => {
    expectText('white', 'red-600');
  });

  it('keeps the notices readable: their tints turn dark and their inks light', () => {
    for (const ink of ['red-700', 'red-800', 'red-900']) {
      expectText(ink, 'red-50');
      for (const surface of SURFACES) expectText(ink, surface);
    }
    expectText('red-950', 'red-100');
    for (const ink of ['amber-900', 'amber-950']) expectText(ink, 'amber-50');
    for (const ink of ['green-700', 'green-900']) expectText(ink, 'green-50');
    for (const surface of SURFACES) {
      expectText('green-700', surface);
      expectText('emerald-700', surface);
      expectText('red-600', surface);
    }
  });

  it('keeps the accent at AA: text, marks, fills and tinted selections', () => {
    // The fill and its text are the same in both themes (docs/decisions.md, "Accent colour").
    expect(dark.accent).toBe(light.accent);
    expect(contrast(color('on-accent'), color('accent'))).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(color('on-accent'), color('accent-hover'))).toBeGreaterThanOrEqual(AA_TEXT);
    for (const surface of SURFACES) {
      expectText('accent-strong', surface);
      expectText('accent', surface, AA_NON_TEXT);
      // Selected chips, the own chat bubble, the active chat row: accent at 10-15% over the surface.
      for (const alpha of [0.1, 0.15]) {
        const tint = over(color('accent'), alpha, color(surface));
        expect(contrast(color('accent-strong'), tint)).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrast(color('neutral-900'), tint)).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });

  it('changes the accent text from the light theme, where it would fall short', () => {
    expect(contrast(light['accent-strong']!, color('white'))).toBeLessThan(AA_TEXT);
  });
});

describe('surfaces dark in both themes (media surfaces, black scrims)', () => {
  const tailwindTheme = readFileSync(
    createRequire(import.meta.url).resolve('tailwindcss/theme.css'),
    'utf8',
  );
  /** Tailwind's own value of a colour, the light theme's, with `none` hue written 0. */
  function tailwindColor(name: string): string | undefined {
    const value = new RegExp(`--color-${name}:\\s*([^;]+);`).exec(tailwindTheme)?.[1];
    return value?.replace(' none)', ' 0)').replace('#fff', '#ffffff').toLowerCase();
  }

  it('gets back every colour the dark theme changes, as the light theme has it', () => {
    const changed = Object.keys(cssBlockColors("html[data-theme='dark']"));
    expect(Object.keys(media).sort()).toEqual(changed.sort());
    for (const name of changed) {
      const lightValue = light[name] ?? tailwindColor(name);
      expect(media[name]?.replace('#fff', '#ffffff'), name).toBe(lightValue);
    }
  });
});
