import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { keyBytes } from './push-browser.ts';
import { PushSection } from './PushSection.tsx';

// The browser's push machinery is mocked (jsdom has none): a service worker container, the
// Notification permission and a PushManager that hands out one subscription.

const SERVER_KEY =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

function fakeSubscription(endpoint: string, key = SERVER_KEY) {
  return {
    endpoint,
    options: { applicationServerKey: keyBytes(key).buffer },
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: 'BOr1kC5GvN0a-p256dh-key-of-the-browser', auth: 'auth-secret-16' },
    }),
    unsubscribe: vi.fn(async () => true),
  };
}

type Fake = ReturnType<typeof fakeSubscription>;

function fakeBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  existing = null as Fake | null,
} = {}) {
  let current = existing;
  const created = fakeSubscription('https://push.example.test/new');
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = created;
      return created;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => (current ? registration : undefined)),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  return { serviceWorker, pushManager, notification, created };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
});

function renderPush(subscribe: MockResponse = { status: 201, body: { success: true } }) {
  const fetch = mockFetch({
    'GET /api/notifications/push/key': { body: { public_key: SERVER_KEY } },
    'POST /api/notifications/push/subscriptions': subscribe,
    'POST /api/notifications/push/subscriptions/remove': { status: 204 },
  });
  renderScreen(<PushSection />);
  return fetch;
}

describe('PushSection', () => {
  it('says so when the browser has no push', async () => {
    renderPush();
    expect(
      await screen.findByText(/This browser can't receive push notifications/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says how to allow notifications when the site is blocked', async () => {
    fakeBrowser({ permission: 'denied' });
    renderPush();
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("turns on after the click: asks, subscribes with the server's key and saves the subscription", async () => {
    const browser = fakeBrowser();
    const { calls } = renderPush();
    const turnOn = await screen.findByRole('button', { name: 'Turn on' });
    expect(screen.getByText('This browser does not get push notifications.')).toBeInTheDocument();
    // Nothing is asked before the user's gesture.
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(turnOn);
    expect(await screen.findByText('This browser gets push notifications.')).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const [options] = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      PushSubscriptionOptionsInit,
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...keyBytes(SERVER_KEY)]);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      browser.created.toJSON(),
    ]);
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('shows the blocked state when the prompt is refused', async () => {
    const browser = fakeBrowser({ answer: 'denied' });
    const { calls } = renderPush();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('a subscription the server refuses is dropped and the failure shown', async () => {
    const browser = fakeBrowser();
    renderPush({ status: 429, body: { err_key: 'rate_limited' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "That didn't work. Please try again.",
    );
    expect(browser.created.unsubscribe).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeEnabled();
  });

  it('an existing subscription shows on (saved again for this account) and turns off', async () => {
    const existing = fakeSubscription('https://push.example.test/old');
    fakeBrowser({ permission: 'granted', existing });
    const { calls } = renderPush();
    const turnOff = await screen.findByRole('button', { name: 'Turn off' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/notifications/push/key',
      'POST /api/notifications/push/subscriptions',
    ]);

    await userEvent.click(turnOff);
    expect(
      await screen.findByText('This browser does not get push notifications.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(existing.unsubscribe).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/notifications/push/subscriptions/remove',
      body: { endpoint: 'https://push.example.test/old' },
    });
  });

  it('a subscription made for an old server key is dropped and shows off', async () => {
    const stale = fakeSubscription(
      'https://push.example.test/stale',
      'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    );
    fakeBrowser({ permission: 'granted', existing: stale });
    const { calls } = renderPush();
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
