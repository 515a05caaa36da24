import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

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
    /packages\/contract\/src\/(schemas\/|endpoints\/|money\.ts)|node_modules\/zod\//;
  return {
    name: 'glimpse:contract-without-zod',
    apply: 'build',
    transform(code, id) {
      if (pureModules.test(id)) return { code, moduleSideEffects: false, map: null };
      return undefined;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), contractWithoutZod()],
  server: {
    proxy: {
      '/api': proxyTo(),
      '/media': proxyTo(),
      '/socket.io': proxyTo(true),
    },
  },
  build: {
    // dist/.vite/manifest.json maps source modules to chunks; scripts/bundle-budget.mjs reads it.
    manifest: true,
    // Flag SVGs must stay separate files: inlined into CSS they would bloat it by ~1 MB.
    assetsInlineLimit: (filePath) => (filePath.includes('flag-icons') ? false : undefined),
  },
});
