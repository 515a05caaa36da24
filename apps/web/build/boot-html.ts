import type { Plugin, Rollup } from 'vite';

/** The entry's stylesheet, inlined: named after the boot chunk group (chunk-groups.ts). */
const ENTRY_STYLESHEET = /(^|\/)boot-[\w-]+\.css$/;

/** The app's code after the boot chunk (apps/web/src/app/start.tsx), preloaded from the HTML. */
const START_MODULE = /src[\\/]app[\\/]start\.tsx$/;

/**
 * Makes the built index.html paint before any script has run (docs/ARCHITECTURE.md, "Web boot
 * sequence"):
 * - the entry's stylesheet goes inline: no request stands between the HTML and the first paint;
 * - module scripts and preloads load at low priority, so a browser never holds the first paint
 *   for them;
 * - the chunks app/start.tsx needs are preloaded with the entry, so they download together
 *   instead of after the boot chunk has run.
 */
export function bootHtml(): Plugin {
  return {
    name: 'glimpse:boot-html',
    apply: 'build',
    /*
     * The entry's stylesheet is in the HTML, but Vite lists it among the files to load with every
     * lazy chunk that imports the entry's code (its preload helper would fetch it again). The
     * helper skips a file the document already links: the boot chunk is (modulepreload), so it
     * stands in for the stylesheet.
     */
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const stylesheet = Object.keys(bundle).find((file) => ENTRY_STYLESHEET.test(file));
        const boot = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.name === 'boot',
        );
        if (!stylesheet || !boot) return;
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.code.includes(`"${stylesheet}"`)) {
            output.code = output.code.replaceAll(`"${stylesheet}"`, `"${boot.fileName}"`);
          }
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const inlined = html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, fileName: string) => {
            const asset = bundle[fileName];
            if (!asset || asset.type !== 'asset') return tag;
            if (!ENTRY_STYLESHEET.test(fileName))
              throw new Error(`unexpected stylesheet ${fileName}`);
            return `<style>${String(asset.source)}</style>`;
          },
        );
        const start = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' && output.moduleIds.some((id) => START_MODULE.test(id)),
        );
        if (!start || start.type !== 'chunk') throw new Error('the build has no app/start chunk');
        const inHtml = (file: string) => inlined.includes(`/${file}"`);
        const preloads = [...new Set([start.fileName, ...staticImports(bundle, start.fileName)])]
          .filter((file) => !inHtml(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        return inlined
          .replace('</head>', `    ${preloads}\n  </head>`)
          .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
          .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
      },
    },
  };
}

type Bundle = Rollup.OutputBundle;

/** Every chunk `fileName` imports statically, transitively. */
function staticImports(bundle: Bundle, fileName: string, seen = new Set<string>()): string[] {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk') return [];
  for (const imported of chunk.imports) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    staticImports(bundle, imported, seen);
  }
  return [...seen];
}
