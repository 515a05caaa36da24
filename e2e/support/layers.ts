import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Helpers for the ui journeys (tests/ui-*.spec.ts): what is painted on top at a point, and
 * where a dialog sits on the screen.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box (not visible?)');
  return box;
}

const contains = (box: Box, x: number, y: number) =>
  x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;

/** A point inside `lower` that `upper` does not cover (corners first, 12 px in). */
export async function pointBesides(lower: Locator, upper: Locator): Promise<[number, number]> {
  const outer = await boxOf(lower);
  const inner = await boxOf(upper);
  const inset = 12;
  const xs = [outer.x + inset, outer.x + outer.width / 2, outer.x + outer.width - inset];
  const ys = [outer.y + inset, outer.y + outer.height / 2, outer.y + outer.height - inset];
  for (const y of ys) {
    for (const x of xs) if (!contains(inner, x, y)) return [x, y];
  }
  throw new Error('the upper dialog covers the lower one entirely');
}

/**
 * What is painted on top at a point: "top overlay" when it is the overlay of the dialog opened
 * last (so whatever lies under it is dimmed), else the element found there. Hit testing skips
 * elements with `pointer-events: none`, which Radix sets on everything under the top dialog, so
 * pointer events are turned on everywhere for the probe: the hit is then what is painted.
 */
export function paintedAt(page: Page, [x, y]: [number, number]): Promise<string> {
  return page.evaluate(
    ([px, py]) => {
      const probe = document.createElement('style');
      probe.textContent = '* { pointer-events: auto !important; }';
      document.head.append(probe);
      const hit = document.elementFromPoint(px!, py!);
      probe.remove();
      const overlays = Array.from(document.querySelectorAll('[data-modal-overlay]'));
      if (hit && hit === overlays.at(-1)) return 'top overlay';
      const dialog = hit?.closest('[role="dialog"], [role="alertdialog"]');
      return `${hit?.tagName.toLowerCase() ?? 'nothing'} in ${dialog?.id ?? 'no dialog'}`;
    },
    [x, y],
  );
}

/** Checks that a dialog's box is centred in the viewport (within 2 px). */
export async function expectCentred(page: Page, dialog: Locator): Promise<void> {
  const box = await boxOf(dialog);
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(2);
}

/** Checks that a dialog sits on the bottom edge of the viewport, as a sheet does. */
export async function expectBottomSheet(page: Page, dialog: Locator): Promise<void> {
  const box = await boxOf(dialog);
  expect(Math.abs(box.y + box.height - page.viewportSize()!.height)).toBeLessThanOrEqual(1);
}
