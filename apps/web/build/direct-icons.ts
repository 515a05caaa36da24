import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Rewrites `import { X, Y } from 'lucide-react'` in the app's code to one import per icon
 * module. The bundle is the same (unused icons were dropped either way), but the import graph
 * then says which icons each module uses, so the chunk groups (chunk-groups.ts) can take a
 * screen's icons along instead of leaving each icon to a tiny chunk of its own: a dozen more
 * requests on a first load.
 */
export function directIcons(): Plugin {
  let iconFiles = new Map<string, string>();
  return {
    name: 'glimpse:direct-icons',
    apply: 'build',
    buildStart() {
      const require = createRequire(import.meta.url);
      const barrel = path.join(
        path.dirname(require.resolve('lucide-react/package.json')),
        'dist/esm/lucide-react.mjs',
      );
      iconFiles = iconsOfBarrel(readFileSync(barrel, 'utf8'), path.dirname(barrel));
    },
    transform(code, id) {
      if (!/[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('lucide-react')) {
        return undefined;
      }
      const rewritten = code.replace(
        /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g,
        (statement, specifiers: string) => {
          const kept: string[] = [];
          const direct: string[] = [];
          for (const specifier of specifiers.split(',').map((part) => part.trim())) {
            if (!specifier) continue;
            const [name = '', alias = name] = specifier.split(/\s+as\s+/);
            const file = iconFiles.get(name);
            if (file) direct.push(`import ${alias} from ${JSON.stringify(file)};`);
            else kept.push(specifier);
          }
          const rest = kept.length > 0 ? `import { ${kept.join(', ')} } from 'lucide-react';` : '';
          return [...direct, rest].join('');
        },
      );
      return rewritten === code ? undefined : { code: rewritten, map: null };
    },
  };
}

/** Icon name -> file, from the barrel's `export { default as Name, ... } from './icons/x.mjs'`. */
export function iconsOfBarrel(barrel: string, directory: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const match of barrel.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g)) {
    const [, names = '', file = ''] = match;
    for (const name of names.matchAll(/default as (\w+)/g)) {
      if (name[1]) files.set(name[1], path.join(directory, file));
    }
  }
  return files;
}
