import type { Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '@glimpse/contract';
import { storyAvatars } from '../support/home.ts';
import { IRIS_TIP_REQUEST, OMAR_TIP } from './chat-dataset.ts';
import { ANNA, CREATORS, FOLLOWED, IRIS, OMAR, VIEWER } from './dataset.ts';
import { expectChatScreen, keepReadMarksUnchanged, messageLog, userId } from './messaging.ts';
import { expectScreen, expect, freezeClock, signInAs, test } from './screen.ts';
import {
  expectStoryPicture,
  keepViewingStateUnchanged,
  storyPosition,
  viewerDialog,
} from './viewer.ts';

/*
 * The dark theme (docs/decisions.md, "Dark mode"): the main screens on a device set to dark,
 * and the settings' switch. The surfaces that are dark in both themes (the viewer) must look
 * as they do in the light one.
 */

/** The page's background as drawn: the body's colour. */
const pageBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** index.css's dark neutral-100. */
const DARK_PAGE = 'rgb(17, 17, 17)';

test.describe('on a device set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('home', async ({ page }) => {
    await signInAs(page, VIEWER);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const main = page.getByRole('main');
    await expect(storyAvatars(main.getByRole('region', { name: 'Following' }))).toHaveCount(
      FOLLOWED.length,
    );
    await expect(storyAvatars(main.getByRole('region', { name: 'Discover' }))).toHaveCount(
      CREATORS.length - FOLLOWED.length,
    );
    await expectScreen(page, 'dark-home');
  });

  test('the story viewer', async ({ page }) => {
    await keepViewingStateUnchanged(page);
    await signInAs(page, VIEWER);
    await page.goto('/');
    const following = page.getByRole('main').getByRole('region', { name: 'Following' });
    await following.getByRole('button', { name: new RegExp(`^Stories of ${ANNA.name}`) }).click();
    const viewer = viewerDialog(page, ANNA.name);
    await expect(storyPosition(viewer)).toHaveText(`Story 1 of ${ANNA.stories.length}`);
    await expectStoryPicture(viewer, ANNA.stories[0]!);
    await freezeClock(page);
    await page.keyboard.press('ArrowRight');
    await expect(storyPosition(viewer)).toHaveText(`Story 2 of ${ANNA.stories.length}`);
    await expectStoryPicture(viewer, ANNA.stories[1]!);
    // Dark in both themes: its white text stays white.
    await expect(viewer.getByRole('button', { name: 'Close' })).toHaveCSS(
      'color',
      'rgb(255, 255, 255)',
    );
    await expectScreen(page, 'dark-viewer');
  });

  test('a direct chat', async ({ page }) => {
    await keepReadMarksUnchanged(page);
    await signInAs(page, OMAR);
    await page.goto(`/messages/${await userId(page, IRIS)}`);
    const chat = page.getByRole('main').getByRole('region', { name: IRIS.name });
    await expect(
      chat.getByRole('button', {
        name: `Pay $${IRIS_TIP_REQUEST.amount}.00 for ${IRIS_TIP_REQUEST.message}`,
      }),
    ).toBeVisible();
    await expect(chat.getByText(`You sent a tip of $${OMAR_TIP.amount}.00`)).toBeVisible();
    await expect(messageLog(chat).getByRole('img', { name: 'Read' })).toHaveCount(3);
    await expectChatScreen(page, 'dark-chat');
  });

  test('the wallet', async ({ page }) => {
    await signInAs(page, VIEWER);
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Top up/ })).toBeVisible();
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    await expectScreen(page, 'dark-wallet');
  });
});

/**
 * The theme on <html> when the HTML has been parsed, before the app's code (module scripts run
 * after that): set there, it is what the first paint shows.
 */
async function recordThemeAtParse(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      document.documentElement.dataset.themeAtParse =
        document.documentElement.getAttribute('data-theme') ?? 'none';
    });
  });
}

test('the settings switch the theme at once, and a reload keeps it', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await recordThemeAtParse(page);
  // The device is set to light (the suite's default).
  await signInAs(page, VIEWER);
  await page.goto('/me');
  await page.getByRole('link', { name: 'Settings' }).first().click();
  const theme = page.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(page)).not.toBe(DARK_PAGE);

  await theme.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(DARK_PAGE);
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');

  await page.reload();
  // Set by the HTML's own script (the server's CSP allows it), before the app's code ran.
  await expect(page.locator('html')).toHaveAttribute('data-theme-at-parse', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await pageBackground(page)).toBe(DARK_PAGE);
  await expectScreen(page, 'dark-settings');

  await theme.getByRole('radio', { name: 'Light' }).check();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme-at-parse', 'light');
  await expect(theme.getByRole('radio', { name: 'Light' })).toBeChecked();
  expect(await pageBackground(page)).not.toBe(DARK_PAGE);
  expect(refused).toEqual([]);
});
