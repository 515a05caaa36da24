import type { PushSubscriptionBody } from '@glimpse/contract';

/**
 * The browser's side of Web Push: the service worker (apps/web/public/sw.js, at the origin's
 * root so its scope is the whole app), the notification permission and the push subscription.
 */

export const SERVICE_WORKER_URL = '/sw.js';

/** Push needs all three; Safari on iOS has them only in an app added to the home screen. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function permission(): NotificationPermission {
  return Notification.permission;
}

/** The registration, if this origin has one (nothing is registered just to look). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration())?.pushManager.getSubscription() ?? null;
}

/** base64url (the server's VAPID key) to the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Whether the subscription was made with this key (the server's, as bytes). */
export function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/**
 * Subscribes this browser with the server's key (after the permission was granted). A
 * subscription made with another key (the server's key changed) is replaced.
 */
export async function subscribe(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const ready = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  const existing = await ready.pushManager.getSubscription();
  if (existing && sameKey(existing, key)) return existing;
  await existing?.unsubscribe();
  return ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** What the server saves: `PushSubscription.toJSON()` in the contract's shape. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
