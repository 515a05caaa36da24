import { expect, test, type Page } from '@playwright/test';
import { registerViewer, filterButton } from '../support/home.ts';
import { expectBottomSheet, expectCentred, paintedAt, pointBesides } from '../support/layers.ts';
import {
  openOwnStoriesMenu,
  postImageStoryViaApi,
  uniqueStoryText,
  waitForOwnStoryReady,
} from '../support/stories.ts';

// Each journey registers a user and loads the home screen, slow on a busy 2-core runner.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Opens the filter dialog and, by saving with no section, the information dialog over it. */
async function openInfoOverFilter(page: Page) {
  await page.goto('/');
  // The home screen's code loads slowly on a busy runner.
  await expect(filterButton(page)).toBeVisible({ timeout: 30_000 });
  await filterButton(page).click();
  const filter = page.getByRole('dialog', { name: 'Filters' });
  await expect(filter).toBeVisible();
  const sections = filter.getByRole('group', { name: 'Show sections' });
  for (const box of await sections.getByRole('checkbox').all()) await box.uncheck();
  await filter.getByRole('button', { name: 'Save', exact: true }).click();
  const info = page.getByRole('dialog', { name: 'Information' });
  await expect(info).toBeVisible();
  return { filter, info };
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('an information dialog over the filter dims it and takes Escape and focus', async ({
      page,
      baseURL,
    }) => {
      await registerViewer(page, baseURL);
      const { info } = await openInfoOverFilter(page);
      const filter = page.getByRole('dialog', { name: 'Filters', includeHidden: true });
      // Dialogs are centred cards on every screen.
      await expectCentred(page, info);

      // Where the filter dialog shows beside the info dialog, the info dialog's overlay is on top.
      const besides = await pointBesides(filter, info);
      expect(await paintedAt(page, besides)).toBe('top overlay');
      await expect(info.getByRole('button', { name: 'OK' })).toBeFocused();

      await page.keyboard.press('Escape');
      await expect(info).toBeHidden();
      await expect(filter).toBeVisible();
      await expect(filter.getByRole('button', { name: 'Save', exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(filter).toBeHidden();
    });
  });
}

test.describe('the own-stories sheet', () => {
  test('is a bottom sheet on a phone, a centred modal on a desktop, dimmed by the edit dialog', async ({
    page,
    baseURL,
  }) => {
    // Waits on background media processing, slow while the demo seed's media is processed too.
    test.setTimeout(150_000);
    await page.setViewportSize(PHONE);
    await registerViewer(page, baseURL);
    const storyId = await postImageStoryViaApi(page, { text: uniqueStoryText('sheet') });
    await waitForOwnStoryReady(page, storyId);

    await page.goto('/me');
    let menu = await openOwnStoriesMenu(page);
    // While a dialog is stacked over it, the sheet is hidden from assistive tech (aria-hidden).
    const coveredMenu = page.getByRole('dialog', { name: 'My stories', includeHidden: true });
    await expectBottomSheet(page, menu);
    await menu.getByRole('button', { name: 'Edit story' }).click();
    const edit = page.getByRole('dialog', { name: 'Modify content' });
    await expect(edit).toBeVisible();
    expect(await paintedAt(page, await pointBesides(coveredMenu, edit))).toBe('top overlay');
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    await expect(menu).toBeVisible();

    // The delete confirmation stacks the same way.
    await menu.getByRole('button', { name: 'Delete story' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this story?' });
    await expect(confirm).toBeVisible();
    expect(await paintedAt(page, await pointBesides(coveredMenu, confirm))).toBe('top overlay');
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.setViewportSize(DESKTOP);
    menu = await openOwnStoriesMenu(page);
    await expectCentred(page, menu);
  });
});
