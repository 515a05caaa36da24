/**
 * The web app's colour theme: what a visitor chose in settings, kept in their browser.
 * `system` follows the device's light or dark setting (prefers-color-scheme).
 */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type Theme = 'light' | 'dark';

/** The localStorage key holding the visitor's ThemePreference. */
export const THEME_STORAGE_KEY = 'glimpse.theme';

/**
 * Run by the page's HTML before its first paint (apps/web/build/theme-boot.ts), so no screen is
 * ever painted in the other theme first: sets `data-theme` on <html> from the stored preference
 * and the device setting, and again whenever either changes (the device setting, or the
 * preference in another tab). It lives here because the server's Content-Security-Policy allows
 * this one inline script by its hash (apps/server/src/platform/http/security-headers.ts): both
 * sides read the same text. Plain ES5 in one line: its bytes are what the hash covers.
 */
export const THEME_BOOT_SCRIPT =
  `(function(){var k='${THEME_STORAGE_KEY}',d=document.documentElement,` +
  `m=matchMedia('(prefers-color-scheme: dark)');function a(){var p=null;` +
  `try{p=localStorage.getItem(k)}catch(e){}` +
  `d.setAttribute('data-theme',p==='dark'||(p!=='light'&&m.matches)?'dark':'light')}` +
  `a();m.addEventListener('change',a);` +
  `addEventListener('storage',function(e){if(e.key===k||e.key===null)a()})})()`;
