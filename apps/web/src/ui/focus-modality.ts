/**
 * Focus moved from script (a dialog opening, focus going back to the dialog's opener) counts as
 * keyboard focus in Chrome, which then draws the
 * :focus-visible ring after a mouse click or a tap. Moving focus through `focusLikeUser` tells
 * the browser which input led to the move, so the ring shows for keyboard users only.
 */

declare global {
  interface FocusOptions {
    /** Whether the browser should show its focus indicator (Chrome, Firefox; others ignore it). */
    focusVisible?: boolean;
  }
}

type Modality = 'keyboard' | 'pointer';

/** Until the first input, assume the keyboard: a ring nobody needed beats a missing one. */
let modality: Modality = 'keyboard';

function handleKeyDown(event: KeyboardEvent) {
  // Shortcuts (Ctrl+C, Cmd+Tab) are not keyboard navigation.
  if (event.metaKey || event.ctrlKey || event.altKey) return;
  modality = 'keyboard';
}

function handlePointerDown() {
  modality = 'pointer';
}

if (typeof document !== 'undefined') {
  // Capture phase, so the modality is known before any handler that moves focus runs.
  document.addEventListener('keydown', handleKeyDown, true);
  document.addEventListener('pointerdown', handlePointerDown, true);
}

/** The input the person used last. */
export function lastInputModality(): Modality {
  return modality;
}

/** Focuses an element with the ring only when the person is using the keyboard. */
export function focusLikeUser(element: HTMLElement | null | undefined): void {
  element?.focus({ focusVisible: modality === 'keyboard' });
}

const FOCUSABLE = [
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The first control a keyboard would reach inside a container, skipping hidden parts. Links are
 * left out, as Radix does when it picks where a dialog starts.
 */
export function firstFocusable(container: HTMLElement | null): HTMLElement | null {
  if (!container) return null;
  for (const element of container.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (element.tabIndex >= 0 && !element.closest('[hidden], [inert]')) return element;
  }
  return null;
}
