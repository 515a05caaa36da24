import type { Locator, Page } from '@playwright/test';
import type { Person } from './dataset.ts';
import { expect, expectScreen } from './screen.ts';

/**
 * What the messaging screens share: keeping the server's read marks and presence as the dataset
 * left them, and the parts that show the server's clock (masked).
 */

/**
 * Opening a chat marks it read (POST /api/messages/read): answer it here, as the server would,
 * so the lists on the other project's screens keep their unread counts.
 */
export async function keepReadMarksUnchanged(page: Page): Promise<void> {
  await page.route('**/api/messages/read', (route) => route.fulfill({ status: 204 }));
}

/**
 * A signed-in page's socket makes its user "online" for minutes, and others' screens show that
 * dot (Iris on Omar's and the viewer's). Pages of such a person run without a socket: its
 * handshake requests fail, as on a dropped connection, and the app keeps working without events.
 */
export async function stayOffline(page: Page): Promise<void> {
  // The socket tries a WebSocket first and long-polling after it: both fail.
  await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await page.route(/\/socket\.io\//, (route) => route.abort());
}

/** The dataset person's user id (chat routes address direct chats by it). */
export async function userId(page: Page, who: Person): Promise<number> {
  const response = await page.request.get(`/api/users/slug/${who.slug}`);
  expect(response.status(), `profile of ${who.name}`).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

/** The open conversation's message log. */
export const messageLog = (scope: Page | Locator) => scope.getByRole('log', { name: 'Messages' });

/**
 * Compares a messaging screen with its baseline, with the server's clock out of the picture:
 * every time (list rows, bubbles) gets one fixed width, so "9:05 am" and "12:59 pm" take the
 * same room and nothing beside them moves or truncates differently, and is painted over, as are
 * the date separators (the log's items that are not messages).
 */
export async function expectChatScreen(page: Page, name: string): Promise<void> {
  await page.addStyleTag({
    content: 'time { display: inline-block; width: 5.5em; overflow: hidden; white-space: nowrap; }',
  });
  await expectScreen(page, name, {
    mask: [page.locator('time'), messageLog(page).locator('li:not([data-message-id])')],
  });
}
