// The live-at-scale bench's nginx (issue 30): a minimal config in a temp prefix, in front of the
// two nodes, with two listeners so one run compares two ways of routing the viewers:
//   spread:   every request round-robin over both nodes (the ingest node serves half the viewers);
//   playback: /media/live/ to the node(s) that do not ingest, the ingest node only as a backup.
// Segments are not cached in nginx: their URLs are signed per viewer and session, and a cache
// keyed without the signature would hand them to anyone (see bench/README.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface NginxPorts {
  spread: number;
  playback: number;
}

export function liveScaleNginxConfig(
  prefix: string,
  ports: NginxPorts,
  ingestNode: number,
  playbackNodes: number[],
): string {
  const upstream = (name: string, servers: string[]) =>
    `  upstream ${name} {\n${servers.map((s) => `    server ${s};`).join('\n')}\n    keepalive 64;\n  }`;
  const proxy = (to: string) =>
    `proxy_pass http://${to}; proxy_http_version 1.1; proxy_set_header Connection ""; ` +
    `proxy_set_header X-Forwarded-For $remote_addr;`;
  const all = [ingestNode, ...playbackNodes].map((p) => `127.0.0.1:${p}`);
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp;
  proxy_temp_path ${prefix}/tmp;
  fastcgi_temp_path ${prefix}/tmp;
  uwsgi_temp_path ${prefix}/tmp;
  scgi_temp_path ${prefix}/tmp;
${upstream('nodes', all)}
${upstream('live_playback', [...playbackNodes.map((p) => `127.0.0.1:${p}`), `127.0.0.1:${ingestNode} backup`])}
  server {
    listen 127.0.0.1:${ports.spread};
    location / { ${proxy('nodes')} }
  }
  server {
    listen 127.0.0.1:${ports.playback};
    location /media/live/ { ${proxy('live_playback')} }
    location / { ${proxy('nodes')} }
  }
}
`;
}

/** nginx -p <prefix> -c <conf>, in the foreground; resolves once both ports answer. */
export async function startNginx(
  prefix: string,
  config: string,
  ports: NginxPorts,
): Promise<ChildProcess> {
  mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, config);
  const child = spawn('nginx', ['-p', prefix, '-c', conf], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${ports.spread}/api/echo`);
      await fetch(`http://127.0.0.1:${ports.playback}/api/echo`);
      return child;
    } catch {
      if (i > 100) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
