// The Glimpse side of the live bench: streams over the real API, their ingest, and viewers.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import type { OwnStream, Stream } from '@glimpse/contract';
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  generateSessionToken,
  sessionIdFromToken,
} from '../../apps/server/src/features/auth/session-token.ts';

export interface Viewer {
  id: number;
  /** The session token (cookie value). */
  token: string;
}

export const cookieOf = (viewer: Viewer) => `${SESSION_COOKIE}=${viewer.token}`;

/**
 * `count` viewers written straight into the database with a session each: signing up hundreds
 * over HTTP would mostly measure argon2. The server only reads them (session, user, access).
 */
export async function createViewers(databaseUrl: string, count: number): Promise<Viewer[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tag = randomBytes(4).toString('hex');
    const { rows } = await client.query<{ id: number }>(
      `insert into users (slug, name, email, password_hash, birthdate, sex, country_code)
       select 'viewer-' || $1 || '-' || g, 'Viewer', 'viewer-' || $1 || '-' || g || '@bench.example',
              'not-a-password-hash', '1990-01-01', 'male', 'de'
       from generate_series(1, $2::int) g returning id`,
      [tag, count],
    );
    const viewers = rows.map(({ id }) => ({ id, token: generateSessionToken() }));
    await client.query(
      `insert into sessions (id, user_id, expires_at)
       select * from unnest($1::text[], $2::int[], $3::timestamptz[])`,
      [
        viewers.map((v) => sessionIdFromToken(v.token)),
        viewers.map((v) => v.id),
        viewers.map(() => new Date(Date.now() + SESSION_TTL_MS)),
      ],
    );
    return viewers;
  } finally {
    await client.end();
  }
}

async function api<T>(url: string, cookie: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      cookie,
      origin: new URL(url).origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const startStream = (url: string, cookie: string, ingest: 'browser' | 'rtmp') =>
  api<OwnStream>(`${url}/api/streams`, cookie, 'POST', { title: `Bench ${ingest}`, ingest });

export const endStream = (url: string, cookie: string, id: number) =>
  api<Stream>(`${url}/api/streams/${id}`, cookie, 'DELETE');

/** The viewer's signed playlist URL (absolute), once the stream is live. */
export async function playbackUrl(url: string, cookie: string, id: number): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const stream = await api<Stream>(`${url}/api/streams/${id}`, cookie, 'GET');
    if (stream.playback_url) return new URL(stream.playback_url, url).toString();
    if (Date.now() > deadline) throw new Error(`stream ${id} not live within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The ingest WebSocket as the creator's browser opens it (same origin, session cookie). */
export async function openIngest(url: string, cookie: string, id: number): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/streams/${id}/ingest`, {
    headers: { origin: url, cookie },
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return ws;
}

/** The server process: the child of this process running the server bundle. */
export function serverPid(): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && cmdline.includes('apps/server/dist/main.js'))
        return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error('the server process is not a child of the bench');
}
