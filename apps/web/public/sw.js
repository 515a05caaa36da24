/* global self */
// Glimpse's service worker: Web Push only (issue 28). It caches nothing, so the app loads as it
// would without it. Served from the origin's root (Vite copies apps/web/public/) so its scope is
// the whole app; the CSP's script-src 'self' allows it. The server's payload
// (apps/server/src/features/notifications/push/push-delivery.job.ts): { id, type, title, body, path }.

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Tabs open before the first registration come under this worker, so a click can navigate them.
  event.waitUntil(self.clients.claim());
});

/** An app path, or the home screen: a payload never sends the browser to another site. */
function appPath(path) {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = null;
  }
  if (!payload || typeof payload !== 'object') payload = {};
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Glimpse';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      // One notification per line: a later push of the same (grouped) line replaces it.
      tag: payload.id ? `notification-${payload.id}` : undefined,
      renotify: Boolean(payload.id),
      data: { path: appPath(payload.path), id: payload.id },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(
    appPath(event.notification.data && event.notification.data.path),
    self.location.origin,
  ).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = tabs.find((tab) => tab.url === url);
      if (same) return same.focus();
      // An open tab of the app goes to the line's screen; without one, a new tab opens there.
      const tab = tabs.find((candidate) => new URL(candidate.url).origin === self.location.origin);
      if (tab && 'navigate' in tab) {
        try {
          const focused = await tab.focus();
          return await (focused || tab).navigate(url);
        } catch {
          // Not under this worker's control (navigate refuses): open a tab instead.
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});

// The push service replaced the subscription (keys rotated, expiry): subscribe again with the
// same key and tell the server, with the session's cookie, as the settings screen would.
self.addEventListener('pushsubscriptionchange', (event) => {
  const key = event.oldSubscription && event.oldSubscription.options.applicationServerKey;
  if (!key) return;
  event.waitUntil(
    (async () => {
      const subscription =
        event.newSubscription ||
        (await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key,
        }));
      await fetch('/api/notifications/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      });
    })(),
  );
});
