import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  composerInput,
  inBatches,
  messageItem,
  messageLog,
  newPerson,
  ownChannelId,
  postToChannel,
  seededLine,
  sendDirect,
  uniqueLine,
  type Person,
} from '../support/chat.ts';
import {
  LOAD_TIMEOUT_MS,
  mainNavigation,
  VIEWPORTS,
  type ViewportName,
} from '../support/layout.ts';

// Issue 25, the blocker: on a phone a conversation opened from the Messages or Channels tab
// with more messages than fit made the whole page grow (2,271 px for 15 more messages), opened
// at the oldest message and left the composer far below the fold. With realistic volumes (a
// direct chat of 200 messages, a channel of 500 posts) the chat is one screen at both sizes:
// the page never grows, the list opens at the newest message and scrolls back through older
// pages, the composer stays on screen, and sent and received messages come into view.

const DIRECT_MESSAGES = 200;
const CHANNEL_POSTS = 500;
/** Requests in flight at once while seeding (the server batches sends per chat). */
const SEED_PARALLEL = 25;
/** Paging back through a few pages on a loaded 2-core machine. */
const HISTORY_TIMEOUT_MS = 60_000;

// The histories are seeded once and read at both sizes, one after the other.
test.describe.configure({ mode: 'serial' });

let alex: Person;
let bea: Person;
let owner: Person;
let channelId: number;
/** The newest message of each history: a test that sends moves it on. */
const newest = { direct: '', channel: '' };

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL;
  [alex, bea, owner] = await Promise.all([
    newPerson(browser, baseURL),
    newPerson(browser, baseURL),
    newPerson(browser, baseURL),
  ]);
  // Bea follows the owner, so she reads the channel.
  const follow = await bea.page.request.post(`/api/users/${owner.id}/follow`);
  expect(follow.status(), await follow.text()).toBeLessThan(300);
  channelId = await ownChannelId(owner.page);

  // Both sides of the direct chat write; the last message alone, so it is the newest.
  await inBatches(DIRECT_MESSAGES - 1, SEED_PARALLEL, (n) =>
    n % 2 === 1
      ? sendDirect(alex.page, bea.id, seededLine('Chat line', n))
      : sendDirect(bea.page, alex.id, seededLine('Chat line', n)),
  );
  newest.direct = seededLine('Chat line', DIRECT_MESSAGES);
  await sendDirect(alex.page, bea.id, newest.direct);

  await inBatches(CHANNEL_POSTS - 1, SEED_PARALLEL, (n) =>
    postToChannel(owner.page, channelId, seededLine('Channel post', n)),
  );
  newest.channel = seededLine('Channel post', CHANNEL_POSTS);
  await postToChannel(owner.page, channelId, newest.channel);
});

test.afterAll(async () => {
  await Promise.all([alex, bea, owner].map((person) => person?.page.context().close()));
});

/** Bea's session in a window of the given size (touch on the phone). */
async function beaAt(browser: Browser, size: ViewportName): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await bea.page.context().storageState(),
    viewport: VIEWPORTS[size],
    ...(size === 'phone' ? { hasTouch: true, isMobile: true } : {}),
  });
  return context.newPage();
}

/** How many pixels the document is taller than the window (0 or less: the page did not grow). */
const pageGrowth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

async function expectOneScreen(page: Page, chat: Locator) {
  expect(await pageGrowth(page)).toBeLessThanOrEqual(0);
  await expect(composerInput(chat)).toBeInViewport({ ratio: 1 });
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/**
 * Issue 25, defect 20: on a desktop the list sits against the rail and the chat reaches the
 * window's right edge (no empty strip), and the chat has no back arrow beside the list. A
 * phone's chat screen keeps its back arrow.
 */
async function expectFrame(page: Page, chat: Locator, size: ViewportName) {
  const back = chat.getByRole('button', { name: 'Back', exact: true });
  if (size === 'phone') {
    await expect(back).toBeVisible();
    return;
  }
  await expect(back).toHaveCount(0);
  const rail = await box(mainNavigation(page));
  const list = await box(page.getByRole('region', { name: /^(Messages|Channels)$/ }));
  const pane = await box(chat);
  expect(Math.abs(list.x - (rail.x + rail.width))).toBeLessThanOrEqual(1);
  expect(Math.abs(pane.x + pane.width - VIEWPORTS.desktop.width)).toBeLessThanOrEqual(1);
}

interface LongChat {
  path: string;
  /** The header's name: the companion, or the channel's owner. */
  name: string;
  /** A message some pages back (40 messages a page), reached by scrolling up. */
  older: string;
  history: keyof typeof newest;
  /** The other side writes a message (through the API). */
  receive: (text: string) => Promise<void>;
}

async function checkLongChat(
  page: Page,
  size: ViewportName,
  { path, name, older, history, receive }: LongChat,
) {
  await page.goto(path);
  const chat = page.getByRole('main').getByRole('region', { name });
  const log = messageLog(chat);

  // Opens at the newest message, the composer on screen, the page no taller than the window.
  await expect(messageItem(chat, newest[history])).toBeInViewport({ timeout: LOAD_TIMEOUT_MS });
  await expectOneScreen(page, chat);
  await expectFrame(page, chat, size);

  // The list scrolls back through older pages, loaded as it nears the top.
  await expect
    .poll(
      async () => {
        await log.evaluate((element) => element.scrollTo({ top: 0 }));
        return messageItem(chat, older).count();
      },
      { timeout: HISTORY_TIMEOUT_MS, intervals: [200] },
    )
    .toBe(1);
  await messageItem(chat, older).scrollIntoViewIfNeeded();
  await expect(messageItem(chat, older)).toBeInViewport();
  await expect(messageItem(chat, newest[history])).not.toBeInViewport();
  await expectOneScreen(page, chat);

  // Back at the end: a message from the other side comes into view.
  await log.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const received = uniqueLine('A new message arrives');
  await receive(received);
  await expect(messageItem(chat, received)).toBeInViewport();

  // Scrolled up a little, the viewer's own message still brings the list to it.
  await log.evaluate((element) => element.scrollBy({ top: -600 }));
  const sent = uniqueLine('My answer from the composer');
  await composerInput(chat).fill(sent);
  await composerInput(chat).press('Enter');
  await expect(messageItem(chat, sent)).toBeInViewport();
  await expect(messageItem(chat, sent)).toHaveAttribute('data-message-id', /^\d+$/);
  newest[history] = sent;
  await expectOneScreen(page, chat);
}

/** How far back each size scrolls: the phone, where the page grew, to the first message. */
const OLDER = {
  phone: { direct: 1, channel: CHANNEL_POSTS - 100 },
  desktop: { direct: DIRECT_MESSAGES - 60, channel: CHANNEL_POSTS - 60 },
} as const;

for (const size of ['phone', 'desktop'] as const) {
  test(`${size}: a 200-message chat and a 500-post channel scroll inside one screen`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await beaAt(browser, size);
    await checkLongChat(page, size, {
      path: `/messages/${alex.id}`,
      name: alex.name,
      older: seededLine('Chat line', OLDER[size].direct),
      history: 'direct',
      receive: (text) => sendDirect(alex.page, bea.id, text),
    });
    await checkLongChat(page, size, {
      path: `/channels/${channelId}`,
      name: owner.name,
      older: seededLine('Channel post', OLDER[size].channel),
      history: 'channel',
      receive: (text) => postToChannel(owner.page, channelId, text),
    });
    await page.context().close();
  });
}
