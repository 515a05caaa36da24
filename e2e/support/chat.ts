import { randomUUID } from 'node:crypto';
import {
  expect,
  type Browser,
  type Locator,
  type Page,
  type WebSocketRoute,
} from '@playwright/test';
import { registerViewer, type Viewer } from './home.ts';

/**
 * Helpers for the messaging journeys (tests/chat-*.spec.ts): each person in a browser context
 * of their own (own cookies, own socket), signed up through the API, and the chat screen's
 * parts by their accessible names.
 */

export interface Person extends Viewer {
  page: Page;
}

/** A fresh user in a new browser context, signed in (the session cookie is the context's). */
export async function newPerson(
  browser: Browser,
  baseURL: string | undefined,
  options: { permissions?: string[]; viewport?: { width: number; height: number } } = {},
): Promise<Person> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  const viewer = await registerViewer(page, baseURL);
  return { ...viewer, page };
}

/** Identity verification through the sandbox provider (its webhook alone verifies). */
export async function verifyViaSandbox(page: Page): Promise<void> {
  const started = await page.request.post('/api/verification/start', { data: {} });
  expect(started.status(), await started.text()).toBe(200);
  const { redirectUrl } = (await started.json()) as { redirectUrl: string };
  const completed = await page.request.post(`${redirectUrl}/complete`, {
    data: { outcome: 'approved' },
    maxRedirects: 0,
  });
  expect(completed.status(), await completed.text()).toBeLessThan(400);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/verification/check')).json()) as {
            verified: boolean;
          }
        ).verified,
    )
    .toBe(true);
}

/** The own profile update (PUT /api/users/me/profile) with just the fields given. */
export async function updateProfile(page: Page, fields: Record<string, unknown>): Promise<void> {
  const response = await page.request.put('/api/users/me/profile', { data: fields });
  expect(response.status(), await response.text()).toBe(200);
}

/** The open conversation's message log. */
export const messageLog = (scope: Page | Locator) => scope.getByRole('log', { name: 'Messages' });

/** The message bubble (list item) that shows this text. */
export const messageItem = (scope: Page | Locator, text: string | RegExp) =>
  messageLog(scope).getByRole('listitem').filter({ hasText: text });

/** The composer's text input. */
export const composerInput = (scope: Page | Locator) =>
  scope.getByRole('textbox', { name: 'Message', exact: true });

/** A text unique to this run, so a bubble is found by it alone. */
export function uniqueLine(label: string): string {
  return `${label} ${Date.now().toString(36).slice(-5)}`;
}

/**
 * Puts the page's realtime socket behind a switch: `cut()` drops what the server sends from then
 * on (a connection that died without anyone noticing yet), `reconnect()` lets it through again
 * and closes the socket, so the app connects anew and must catch up by itself. Call before the
 * page opens the socket.
 */
export async function controlRealtime(page: Page) {
  const sockets: WebSocketRoute[] = [];
  let passing = true;
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    sockets.push(socket);
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (passing) socket.send(message);
    });
  });
  return {
    cut() {
      passing = false;
    },
    async reconnect() {
      passing = true;
      await sockets.at(-1)?.close();
    },
    /** How many sockets the page has opened. */
    connections: () => sockets.length,
  };
}

/** Runs `task(n)` for n = 1..count, `parallel` at a time (seeding through the API). */
export async function inBatches(
  count: number,
  parallel: number,
  task: (n: number) => Promise<void>,
): Promise<void> {
  for (let start = 1; start <= count; start += parallel) {
    const batch: Array<Promise<void>> = [];
    for (let n = start; n < start + parallel && n <= count; n++) batch.push(task(n));
    await Promise.all(batch);
  }
}

/** A direct message from the page's user to `userId`, through the API. */
export async function sendDirect(page: Page, userId: number, message: string): Promise<void> {
  const response = await page.request.post('/api/messages/send', {
    data: { user_id: userId, message, client_id: randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A post into the channel `chatId`, through the API. */
export async function postToChannel(page: Page, chatId: number, message: string): Promise<void> {
  const response = await page.request.post(`/api/messages/send/channel/${chatId}`, {
    data: { message, client_id: randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The chat id of the page's user's own channel (every user owns one, first in the list). */
export async function ownChannelId(page: Page): Promise<number> {
  const response = await page.request.get('/api/channels');
  expect(response.status(), await response.text()).toBe(200);
  const channels = (await response.json()) as Array<{ chat_id: number; isChatOwner: boolean }>;
  const own = channels.find((channel) => channel.isChatOwner);
  if (!own) throw new Error('the user has no own channel');
  return own.chat_id;
}

/**
 * Lines of a realistic length for seeded histories: mostly short, some long enough to wrap
 * over several lines on a phone.
 */
export function seededLine(label: string, n: number): string {
  const long =
    n % 7 === 0
      ? ' and a longer thought that goes on for a while, so the bubble wraps over a few lines'
      : '';
  return `${label} ${n}.${long}`;
}
