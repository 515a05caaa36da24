// Where a browser's video range requests go after a redirect to storage (docs/media-delivery.md):
// a page plays `/media/v`, which answers 302 to a slow "storage" server on another origin; the
// probe seeks, lets the presigned URL "expire" (storage answers 403), seeks again, and prints
// every request each server saw and the video's error code.
// Run: npx tsx bench/media/seek-probe.ts  (CHROME_PATH, default /usr/bin/chromium; needs ffmpeg)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

const dir = mkdtempSync(path.join(tmpdir(), 'glimpse-seek-probe-'));
const file = path.join(dir, 'v.mp4');
// 60 s at 4 Mbit/s, index at the end (no faststart): the player must ask for ranges.
execFileSync('ffmpeg', [
  ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-t', '60'],
  ...['-c:v', 'libx264', '-b:v', '4M', '-g', '25', '-pix_fmt', 'yuv420p', file],
]);
const video = readFileSync(file);
const log: string[] = [];
const expired = new Set<string>();

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

const storage = http.createServer((req, res) => {
  const refused = expired.has(req.url!);
  log.push(`storage ${req.url} ${req.headers.range ?? ''}${refused ? ' -> 403 (expired)' : ''}`);
  if (refused) return void res.writeHead(403).end();
  const match = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
  const start = match ? Number(match[1]) : 0;
  const end = match?.[2] ? Number(match[2]) : video.length - 1;
  res.writeHead(match ? 206 : 200, {
    'content-type': 'video/mp4',
    'accept-ranges': 'bytes',
    'content-length': end - start + 1,
    ...(match ? { 'content-range': `bytes ${start}-${end}/${video.length}` } : {}),
  });
  // About 2 MB/s: a seek cannot be served from what was read ahead.
  const body = video.subarray(start, end + 1);
  let at = 0;
  const pump = () => {
    if (res.destroyed) return;
    if (at >= body.length) return void res.end();
    res.write(body.subarray(at, (at += 65_536)));
    setTimeout(pump, 30);
  };
  pump();
});
const storagePort = await listen(storage);

let redirects = 0;
const api = http.createServer((req, res) => {
  if (req.url === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    return void res.end('<video id=v src="/media/v" preload=metadata muted></video>');
  }
  if (req.url !== '/media/v') return void res.writeHead(404).end();
  redirects += 1;
  log.push(`api ${req.url} ${req.headers.range ?? ''} -> 302 to /obj?sig=${redirects}`);
  res.writeHead(302, {
    location: `http://localhost:${storagePort}/obj?sig=${redirects}`,
    'cache-control': 'private, no-store',
  });
  res.end();
});
const apiPort = await listen(api);

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${apiPort}/`);
  // Strings: this bench compiles without the DOM's types.
  const state = () =>
    page.evaluate(
      `(() => { const v = document.getElementById('v');
        return { ready: v.readyState, seeking: v.seeking, error: v.error ? v.error.code : null }; })()`,
    ) as Promise<{ ready: number; seeking: boolean; error: number | null }>;
  const seek = async (seconds: number) => {
    await page.evaluate(`document.getElementById('v').currentTime = ${seconds}`);
    for (let i = 0; i < 60; i++) {
      const now = await state();
      if (now.error !== null || (now.ready >= 2 && !now.seeking)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  for (let i = 0; i < 150 && (await state()).ready < 1; i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  log.push('--- metadata loaded; seek to 50 s');
  await seek(50);
  log.push('--- the presigned URL expires; seek to 2 s');
  for (let sig = 1; sig <= redirects; sig++) expired.add(`/obj?sig=${sig}`);
  await seek(2);
  log.push(`--- video error code: ${(await state()).error ?? 'none'} (2 = network)`);
  console.log(`${await browser.version()}\n${log.join('\n')}`);
} finally {
  await browser.close();
  storage.close();
  api.close();
  rmSync(dir, { recursive: true, force: true });
}
