import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

// The web build copies apps/web/public/sw.js to its root; the server must serve it there as a
// script (a service worker's scope is its folder), and the CSP must let it register.

const source = fileURLToPath(new URL('../../../../../web/public/sw.js', import.meta.url));
let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'glimpse-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>the web app</title>');
  copyFileSync(source, path.join(webDist, 'sw.js'));
  server = await startTestServer({ webDistDir: webDist });
});
afterAll(async () => {
  await server?.stop();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the service worker', () => {
  it('is served from the root as JavaScript, not cached for long, allowed by the CSP', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.body).toBe(readFileSync(source, 'utf8'));
    expect(String(response.headers['cache-control'])).not.toContain('immutable');
    const csp = String(response.headers['content-security-policy']);
    // No worker-src: it falls back to script-src, which allows the origin's own scripts.
    expect(csp).not.toContain('worker-src');
    expect(csp).toMatch(/script-src 'self'/);
  });
});
