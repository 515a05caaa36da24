import { existsSync } from 'node:fs';

/**
 * The browser both Playwright configs launch: CHROMIUM_PATH, else Debian's headless shell
 * (`apt-get install chromium-headless-shell`, what .ci/run installs), else Debian's Chromium.
 * The shell is Chromium's old headless mode without the browser around it: the same Blink and
 * Skia (the screenshots match either), a third less CPU per journey on a 2-core runner.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';

/** Debian's Chromium as both Playwright configs launch it: quiet, offline, with a fake camera. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];
