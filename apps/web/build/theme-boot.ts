import type { HtmlTagDescriptor, Plugin } from 'vite';
// By path: Vite bundles the files its config imports by path, but leaves every package import
// to Node, which cannot load the contract's TypeScript. (tsconfig.json references the contract.)
import { THEME_BOOT_SCRIPT } from '../../../packages/contract/src/theme.ts';

/** The theme boot as the first element of <head>: it runs before the first paint. */
export const themeBootTag: HtmlTagDescriptor = {
  tag: 'script',
  children: THEME_BOOT_SCRIPT,
  injectTo: 'head-prepend',
};

/**
 * Puts the theme boot script (@glimpse/contract's THEME_BOOT_SCRIPT) inline at the top of the
 * page, in dev and in the build: a classic inline script blocks the parser for a moment, so
 * `data-theme` is on <html> before anything is painted and no screen flashes in the other theme.
 * The server's CSP allows exactly this text by its hash.
 */
export function themeBoot(): Plugin {
  return {
    name: 'glimpse:theme-boot',
    transformIndexHtml: () => [themeBootTag],
  };
}
