/**
 * Runs `callback` in a task of its own once the browser has drawn the next frame: for work
 * that would otherwise force a style and layout pass inside the task that changed the page.
 */
export function afterNextFrame(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}
