// The reference pipeline: a plain ffmpeg that is itself the RTMP server (`-listen 1`), writing HLS
// with the server's own output arguments (liveHlsArgs), served as static files by a bare
// node:http server. No Glimpse code on the way: no node-media-server, no access checks.
import { createReadStream, mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { liveHlsArgs } from '../../apps/server/src/platform/media-tools/hls-args.ts';
import { spawnTool } from '../../apps/server/src/platform/media-tools/run-tool.ts';

/** The server's live encoder niceness (LIVE_NICENESS in hls-writer.ts): same CPU priority. */
const LIVE_NICENESS = 5;

/** ffmpeg listening for one RTMP publish at `rtmpUrl`, writing HLS into `outDir`. */
export function startReferenceWriter(rtmpUrl: string, outDir: string) {
  mkdirSync(outDir, { recursive: true });
  const args = liveHlsArgs({ kind: 'rtmp', url: rtmpUrl }, outDir, false);
  // The server plays from its RTMP server; the reference is the RTMP server: `-listen 1`.
  args.splice(args.indexOf('-i'), 0, '-listen', '1');
  const child = spawnTool('ffmpeg', args, 'ignore', LIVE_NICENESS);
  child.stdout.resume();
  child.stderr.resume();
  return child;
}

const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

/**
 * Files of `root` under /hls/, nothing cached (as the live route answers), readable from the
 * player page on the server's origin (CORS).
 */
export async function startStaticServer(root: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const name = path.basename(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, name);
    stat(file).then(
      ({ size }) => {
        response.writeHead(200, {
          'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
          'content-length': size,
          'cache-control': 'no-store',
          'access-control-allow-origin': '*',
        });
        createReadStream(file).pipe(response);
      },
      () => {
        response.writeHead(404, { 'access-control-allow-origin': '*' });
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}
