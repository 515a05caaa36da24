import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { bootHtml } from './build/boot-html.ts';
import { firstLoadChunks } from './build/chunk-groups.ts';
import { directIcons } from './build/direct-icons.ts';
import { themeBoot } from './build/theme-boot.ts';

// The API server in dev; override when it runs elsewhere (e.g. a second checkout on another port).
const API_TARGET = process.env.GLIMPSE_API_URL ?? 'http://127.0.0.1:3000';

/**
 * The server refuses state-changing requests whose Origin is not its own public origin. In dev
 * the browser talks to the Vite origin, so the proxy presents the request as same-origin.
 */
function proxyTo(ws = false): ProxyOptions {
  return {
    target: API_TARGET,
    ws,
    configure(proxy) {
      proxy.on('proxyReq', (proxyReq) => {
        if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', API_TARGET);
      });
    },
  };
}

/**
 * The web app takes only types, constants and the error catalogue from @glimpse/contract, but
 * its zod schemas are built at module top level, which a bundler must assume has side effects:
 * ~60 KB of zod would ship unused. Declaring those modules side-effect free lets tree shaking
 * drop them. (A zod-free client entry in the contract would make this unnecessary.)
 */
function contractWithoutZod(): Plugin {
  const pureModules =
    /packages\/contract\/src\/(schemas\/|endpoints\/|money\.ts|notification-types\.ts)|node_modules\/zod\//;
  return {
    name: 'glimpse:contract-without-zod',
    apply: 'build',
    transform(code, id) {
      if (pureModules.test(id)) return { code, moduleSideEffects: false, map: null };
      return undefined;
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `file.br` and `file.gz` beside every text file of the build (JS, CSS, HTML, SVG), once,
 * at brotli's strongest setting for code: the server sends them as they are (@fastify/static's
 * `preCompressed`, platform/http/spa.ts), so a phone on a slow network downloads about a third
 * of the bytes and no request pays for compressing on the fly.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'glimpse:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const texts = Object.values(bundle).filter(
        (output) =>
          /\.(js|css|html|svg)$/.test(output.fileName) && !output.fileName.startsWith('.'),
      );
      await Promise.all(
        texts.map(async (output) => {
          const source = output.type === 'chunk' ? output.code : output.source;
          const data = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          // Tiny files gain nothing and cost a lookup per request.
          if (data.length < 1024) return;
          const file = path.join(outDir, output.fileName);
          // The ~500 flag SVGs (filter dialog only) at a quick setting keep the build fast.
          const quality = file.endsWith('.svg') ? 6 : zlib.BROTLI_MAX_QUALITY;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: quality,
                [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipAsync(data, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    contractWithoutZod(),
    directIcons(),
    firstLoadChunks(),
    bootHtml(),
    themeBoot(),
    precompress(),
  ],
  server: {
    proxy: {
      // ws: a creator's browser ingest is a WebSocket under /api/streams/{id}/ingest.
      '/api': proxyTo(true),
      '/media': proxyTo(),
      // The sandbox payment and identity pages are served by the API server.
      '/sandbox': proxyTo(),
      '/socket.io': proxyTo(true),
    },
  },
  build: {
    // dist/.vite/manifest.json maps source modules to chunks; scripts/bundle-budget.mjs reads it.
    manifest: true,
    // Every browser the app supports preloads modules itself: no polyfill chunk before boot.
    modulePreload: { polyfill: false },
    // Flag SVGs must stay separate files: inlined into CSS they would bloat it by ~1 MB.
    assetsInlineLimit: (filePath) => (filePath.includes('flag-icons') ? false : undefined),
  },
});
