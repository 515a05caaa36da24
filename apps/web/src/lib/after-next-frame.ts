/**
 * Runs `callback` in a task of its own once the browser has drawn the next frame: for work
 * that would otherwise force a style and layout pass inside the task that changed the page.
 */
export function afterNextFrame(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

/**
 * Runs `callback` once a loaded image is decoded and a frame with it has been drawn and the
 * next one begun (by then the browser has shown it, not just painted it), for replacing an
 * image's element only after the person has seen it. Where `decode()` is missing or fails,
 * the frames alone.
 */
export function afterImageShown(image: HTMLImageElement, callback: () => void): void {
  const decoded = typeof image.decode === 'function' ? image.decode() : Promise.resolve();
  void decoded
    .catch(() => undefined)
    .then(() => requestAnimationFrame(() => afterNextFrame(callback)));
}
