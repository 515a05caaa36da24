import { expect, test, type Page } from '@playwright/test';
import {
  fetchAllDiscover,
  filterButton,
  openHome,
  REFETCH_TIMEOUT_MS,
  registerViewer,
  SEED_TIMEOUT_MS,
  shownSlugs,
  storyAvatars,
  waitForDiscover,
} from '../support/home.ts';

const TRANSGENDER = { genders: ['transgender' as const] };

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(SEED_TIMEOUT_MS + 60_000);
  await registerViewer(page, baseURL);
  // A transgender creator to show, and others that the filter visibly leaves out.
  await waitForDiscover(page.request, 1, TRANSGENDER);
  const all = await waitForDiscover(page.request, 4);
  const transgender = new Set((await fetchAllDiscover(page.request, TRANSGENDER)).map((i) => i.id));
  expect(all.some((item) => !transgender.has(item.id))).toBe(true);
});

const savedFilter = (page: Page) => page.evaluate(() => localStorage.getItem('home_filters'));

async function openFilterDialog(page: Page) {
  await filterButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('saving a sex filter narrows Discover and marks the filter button; Reset clears it', async ({
  page,
}) => {
  const discover = await openHome(page, 3);
  await expect(filterButton(page)).toHaveAttribute('data-active', 'false');
  const before = await shownSlugs(discover);

  const dialog = await openFilterDialog(page);
  const sex = dialog.getByRole('group', { name: 'Sex' });
  await sex.getByRole('checkbox', { name: 'Transgender', exact: true }).check();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The button shows the saved filter, and it is stored under `home_filters`.
  await expect(filterButton(page)).toHaveAttribute('data-active', 'true');
  await expect(filterButton(page)).toHaveAccessibleDescription('A saved filter is active');
  expect(JSON.parse((await savedFilter(page))!)).toMatchObject({ activeGenders: ['transgender'] });

  // Discover now holds only transgender creators (per the server's own filtered list, read
  // afterwards: the demo stories only ever add creators) and has dropped some of the others.
  let after: string[] = [];
  await expect
    .poll(
      async () => {
        after = await shownSlugs(discover);
        const allowed = new Set(
          (await fetchAllDiscover(page.request, TRANSGENDER)).map((i) => i.slug),
        );
        return after.length > 0 && after.every((slug) => allowed.has(slug));
      },
      { timeout: REFETCH_TIMEOUT_MS },
    )
    .toBe(true);
  const allowed = new Set((await fetchAllDiscover(page.request, TRANSGENDER)).map((i) => i.slug));
  expect(before.filter((slug) => !allowed.has(slug)).length).toBeGreaterThan(0);
  expect(new Set(after)).not.toEqual(new Set(before));

  // The filter survives a reload, as it is saved.
  await page.reload();
  await expect(storyAvatars(discover).first()).toBeVisible();
  await expect(filterButton(page)).toHaveAttribute('data-active', 'true');
  const reloaded = await shownSlugs(discover);
  const allowedNow = new Set(
    (await fetchAllDiscover(page.request, TRANSGENDER)).map((i) => i.slug),
  );
  expect(reloaded.filter((slug) => !allowedNow.has(slug))).toEqual([]);

  // Reopening shows the saved choice; Reset removes the filter.
  const again = await openFilterDialog(page);
  await expect(
    again.getByRole('group', { name: 'Sex' }).getByRole('checkbox', { name: 'Transgender' }),
  ).toBeChecked();
  await again.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(again).toBeHidden();
  await expect(filterButton(page)).toHaveAttribute('data-active', 'false');
  expect(await savedFilter(page)).toBeNull();
  await expect
    .poll(async () => (await shownSlugs(discover)).some((slug) => !allowed.has(slug)), {
      timeout: REFETCH_TIMEOUT_MS,
    })
    .toBe(true);
});

test('saving with no section checked shows the information dialog and keeps the old filter', async ({
  page,
}) => {
  const discover = await openHome(page);

  // A saved filter to keep: transgender creators only.
  const first = await openFilterDialog(page);
  await first
    .getByRole('group', { name: 'Sex' })
    .getByRole('checkbox', { name: 'Transgender', exact: true })
    .check();
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first).toBeHidden();
  await expect(filterButton(page)).toHaveAttribute('data-active', 'true');
  const saved = await savedFilter(page);
  expect(saved).not.toBeNull();

  const dialog = await openFilterDialog(page);
  const sections = dialog.getByRole('group', { name: 'Show sections' });
  for (const name of ['Subscribed', 'Following', 'Discover']) {
    const box = sections.getByRole('checkbox', { name, exact: true });
    await expect(box).toBeChecked();
    await box.uncheck();
  }
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();

  const info = page.getByRole('dialog', { name: 'Information' });
  await expect(info).toBeVisible();
  await expect(info).toHaveText(/Select at least one section to show\./);
  await info.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(info).toBeHidden();

  // Nothing was saved: the filter dialog stays open and storage holds the old filter.
  await expect(dialog).toBeVisible();
  expect(await savedFilter(page)).toBe(saved);

  // Closing without saving leaves the home as it was: three sections, the old filter active.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(filterButton(page)).toHaveAttribute('data-active', 'true');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Subscribed',
    'Following',
    'Discover',
  ]);
  await expect(storyAvatars(discover).first()).toBeVisible();
  const allowed = new Set((await fetchAllDiscover(page.request, TRANSGENDER)).map((i) => i.slug));
  expect((await shownSlugs(discover)).filter((slug) => !allowed.has(slug))).toEqual([]);

  // Reopening starts from the saved filter again, sections and all.
  const reopened = await openFilterDialog(page);
  await expect(
    reopened.getByRole('group', { name: 'Show sections' }).getByRole('checkbox'),
  ).toHaveCount(3);
  for (const box of await reopened
    .getByRole('group', { name: 'Show sections' })
    .getByRole('checkbox')
    .all()) {
    await expect(box).toBeChecked();
  }
});
