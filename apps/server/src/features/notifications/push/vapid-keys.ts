import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../../platform/config/config.ts';

/** The server's VAPID identity (RFC 8292): push services take only pushes signed with it. */
export interface VapidKeys {
  /** base64url, uncompressed P-256 point: the browser's `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for push services to reach: an https: URL or a mailto: address. */
  subject: string;
}

const loaded = new Map<string, VapidKeys>();

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT from the environment, or a key pair made
 * once into DATA_DIR/vapid.json (like the server secret). The pair must stay: every browser's
 * subscription is bound to the public key, and a new one would silence them all.
 */
export function vapidKeys(
  config: Pick<Config, 'dataDir' | 'publicUrl'>,
  env: NodeJS.ProcessEnv = process.env,
): VapidKeys {
  const known = loaded.get(config.dataDir);
  if (known) return known;
  const subject = env.VAPID_SUBJECT || defaultSubject(config.publicUrl);
  let keys: VapidKeys;
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    keys = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  } else {
    keys = { ...keyFile(config.dataDir), subject };
  }
  loaded.set(config.dataDir, keys);
  return keys;
}

function keyFile(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  const pair = webpush.generateVAPIDKeys();
  // `wx`: two processes starting on one data dir never write two different pairs.
  try {
    writeFileSync(file, JSON.stringify(pair), { mode: 0o600, flag: 'wx' });
  } catch {
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  }
  return pair;
}

/** An https PUBLIC_URL names the site; otherwise a mailto: on its host (push services ask one). */
function defaultSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' ? url.origin : `mailto:no-reply@${url.hostname}`;
}
