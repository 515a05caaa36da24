import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for the tests, as a browser's would be (RFC 8030), on 127.0.0.1. It holds the
 * browser side of each subscription it hands out (the P-256 key pair and auth secret), checks
 * every push's VAPID header (RFC 8292: an ES256 JWT for this origin, not expired, signed by the
 * key the browser subscribed with) and decrypts the body (RFC 8291, aes128gcm of RFC 8188) with
 * node:crypto alone. Answers 201, or what a test told it for an endpoint (410: unsubscribed).
 */
export interface TestPushService {
  origin: string;
  /** A browser subscribing with the server's VAPID public key: its `PushSubscription.toJSON()`. */
  subscribe(applicationServerKey: string): BrowserSubscription;
  /** Pushes accepted, in order; each decrypted. */
  received: ReceivedPush[];
  /** Pushes refused, with why (a bad signature, a wrong audience...). */
  refused: { endpoint: string; reason: string }[];
  /** From now on the endpoint answers `status` (410 Gone, 404, 500...). */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  payload: unknown;
  headers: IncomingMessage['headers'];
  jwt: { aud: string; exp: number; sub: string };
}

interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  applicationServerKey: string;
  status: number;
}

export async function startTestPushService(): Promise<TestPushService> {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const refused: TestPushService['refused'] = [];
  let origin = '';

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url}`;
      const browser = browsers.get(endpoint);
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, reason });
        response.writeHead(status).end(reason);
      };
      if (request.method !== 'POST' || !browser) return refuse(404, 'no such subscription');
      if (browser.status !== 201) return response.writeHead(browser.status).end();
      let jwt: ReceivedPush['jwt'];
      let payload: unknown;
      try {
        jwt = checkVapid(request.headers.authorization, browser.applicationServerKey, origin);
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Error('Content-Encoding is not aes128gcm');
        if (!/^\d+$/.test(String(request.headers.ttl))) throw new Error('no TTL');
        payload = JSON.parse(decrypt(Buffer.concat(chunks), browser).toString('utf8'));
      } catch (error) {
        return refuse(400, (error as Error).message);
      }
      received.push({ endpoint, payload, headers: request.headers, jwt });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      browsers.set(endpoint, { ecdh, auth, applicationServerKey, status: 201 });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(endpoint, status) {
      const browser = browsers.get(endpoint);
      if (!browser) throw new Error(`unknown endpoint ${endpoint}`);
      browser.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * RFC 8292: `vapid t=<JWT>, k=<public key>`. The key must be the one the browser subscribed
 * with, the JWT signed by it (ES256), for this push service's origin, and not expired.
 */
function checkVapid(
  header: string | undefined,
  applicationServerKey: string,
  origin: string,
): ReceivedPush['jwt'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid Authorization header');
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== applicationServerKey) throw new Error('k is not the subscription key');
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Error('malformed JWT');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header64.alg !== 'ES256') throw new Error('JWT is not ES256');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not a P-256 point');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['jwt'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now) || claims.exp > now + 24 * 60 * 60)
    throw new Error('exp is not within the next 24 hours');
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('sub is not mailto: or https:');
  return claims;
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

/** RFC 8291 section 3.4 and RFC 8188: one record, keyed from ECDH and the auth secret. */
function decrypt(body: Buffer, browser: Browser): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the sender public key');
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const receiverKey = browser.ecdh.getPublicKey();
  const ecdhSecret = browser.ecdh.computeSecret(senderKey);
  // HKDF-Extract(auth, ecdh), then Expand with "WebPush: info" || 0 || ua_public || as_public.
  const prkKey = hmac(browser.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = hmac(prkKey, keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(
    0,
    16,
  );
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(
    0,
    12,
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends in 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
