import { expect, test, type Page } from '@playwright/test';
import { registerViewer } from '../support/home.ts';
import { horizontalOverflow, mainNavigation, openScreen, VIEWPORTS } from '../support/layout.ts';
import { postingDialog } from '../support/stories.ts';

// The app's navigation: a bottom bar on a phone, a left rail from 1024 px. No demo stories needed.

const homeTabs = (page: Page) => page.getByRole('tab', { name: 'Stories' });

test.beforeEach(async ({ page, baseURL }) => {
  await registerViewer(page, baseURL);
});

test.describe('on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the bottom bar navigates and the rail is hidden', async ({ page }) => {
    await openScreen(page, '/', homeTabs);
    // Both are in the page; only the bottom bar shows.
    await expect(page.locator('nav[aria-label="Main"]')).toHaveCount(2);
    const nav = mainNavigation(page);
    await expect(nav).toHaveCount(1);
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Messages', 'Channels', 'Profile']);
    const box = (await nav.boundingBox())!;
    expect(box.width).toBe(VIEWPORTS.phone.width);
    expect(box.y + box.height).toBe(VIEWPORTS.phone.height);

    await nav.getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL('/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    // A deeper screen has its back header and no bar at all.
    await openScreen(page, '/wallet', (p) => p.getByRole('heading', { level: 1, name: 'Wallet' }));
    await expect(nav).toHaveCount(0);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('the rail replaces the bottom bar, labelled, down the left edge', async ({ page }) => {
    await openScreen(page, '/', homeTabs);
    const rail = mainNavigation(page);
    await expect(rail).toHaveCount(1);
    await expect(rail.getByRole('link')).toHaveText(
      [
        'Glimpse',
        'Home',
        'Search',
        'Messages',
        'Channels',
        'Profile',
        'Wallet',
        // The bell (its badge's count before its name, when there is one).
        /Notifications$/,
        'Go live',
        'Settings',
      ],
      { useInnerText: true },
    );
    await expect(rail.getByRole('button', { name: 'New story' })).toBeVisible();
    await expect(rail.getByText('Messages', { exact: true })).toBeVisible();
    await expect(rail.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    const box = (await rail.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.y).toBe(0);
    expect(box.height).toBe(VIEWPORTS.desktop.height);
    expect(box.width).toBe(240);
    // The screen uses the room beside the rail, not a phone column.
    const main = (await page.getByRole('main').boundingBox())!;
    expect(main.x).toBeGreaterThanOrEqual(box.width);
    expect(main.width).toBeGreaterThan(900);
    // The rail carries the logo, the wallet and "New story", so the home screen does not repeat them.
    await expect(page.getByRole('banner').getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New story' })).toHaveCount(1);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('every destination is reached through the rail, which stays on deeper screens', async ({
    page,
  }) => {
    await openScreen(page, '/', homeTabs);
    const rail = mainNavigation(page);
    const destinations = [
      ['Messages', '/messages', 'Messages'],
      ['Channels', '/channels', 'Channels'],
      ['Wallet', '/wallet', 'Wallet'],
      ['Profile', '/me', 'My profile'],
    ] as const;
    for (const [link, path, heading] of destinations) {
      await rail.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(rail.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
      expect(await horizontalOverflow(page)).toBe(0);
    }
    // From a deeper screen (the profile editor) home is one click away, through the logo too.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await expect(page).toHaveURL('/me/edit');
    await expect(rail.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await rail.getByRole('link', { name: 'Glimpse' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('tab', { name: 'Stories' })).toBeVisible();

    await rail.getByRole('button', { name: 'New story' }).click();
    await expect(postingDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(postingDialog(page)).toBeHidden();
  });

  test('the rail stays in view while the page scrolls', async ({ page }) => {
    await page.setViewportSize({ width: VIEWPORTS.desktop.width, height: 400 });
    await openScreen(page, '/me/edit', (p) => p.getByRole('button', { name: 'Save' }));
    // The wheel over the screen column scrolls the page.
    await page.mouse.move(VIEWPORTS.desktop.width / 2, 200);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const box = (await mainNavigation(page).boundingBox())!;
    expect(box.y).toBe(0);
    await expect(mainNavigation(page).getByRole('link', { name: 'Home' })).toBeInViewport();
  });
});

test.describe('between 1024 and 1280 px', () => {
  test.use({ viewport: { width: 1100, height: 800 } });

  test('the rail shows icons only, each still named and with a tooltip', async ({ page }) => {
    await openScreen(page, '/messages', (p) =>
      p.getByRole('heading', { level: 1, name: 'Messages' }),
    );
    const rail = mainNavigation(page);
    expect((await rail.boundingBox())!.width).toBe(72);
    const messages = rail.getByRole('link', { name: 'Messages' });
    await expect(messages).toHaveAttribute('title', 'Messages');
    await expect(messages).toHaveAttribute('aria-current', 'page');
    // The label is there for screen readers only: the link is as wide as its icon's cell.
    expect((await messages.boundingBox())!.width).toBeLessThanOrEqual(48);
    await expect(rail.getByRole('button', { name: 'New story' })).toBeVisible();
    await rail.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
