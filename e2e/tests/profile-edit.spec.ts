import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { gradientPng } from '../support/png.ts';

const category = (page: Page, title: string) => page.getByRole('region', { name: title });
const chip = (region: Locator, title: string) =>
  region.getByRole('button', { name: title, exact: true });

test('edits name, bio and categories, and everything survives a reload', async ({ page }) => {
  await signUp(page, { name: 'Erin Before', sex: 'Female' });
  await page.goto('/me/edit');
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Nora AFTER');
  await page.getByLabel('Bio', { exact: true }).fill('Films the sea at dawn.\nPosts on Sundays.');

  // Hair Color chips are swatches: colour codes as backgrounds, `colorful` as a gradient.
  const hair = category(page, 'Hair Color');
  await expect(hair.getByTestId('color-swatch')).toHaveCount(7);
  await expect(chip(hair, 'Black').getByTestId('color-swatch')).toHaveCSS(
    'background-color',
    'rgb(28, 28, 28)',
  );
  await expect(chip(hair, 'Colorful').getByTestId('color-swatch')).toHaveCSS(
    'background-image',
    /linear-gradient/,
  );
  await expect(chip(hair, 'Bald')).toHaveText('Bald');

  // Normal mode: one chip per parent; a second chip in the same parent replaces the first.
  await chip(hair, 'Black').click();
  await expect(chip(hair, 'Black')).toHaveAttribute('aria-pressed', 'true');
  await chip(hair, 'Red').click();
  await expect(chip(hair, 'Red')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(hair, 'Black')).toHaveAttribute('aria-pressed', 'false');
  // Same title under another parent is a different chip, untouched so far.
  const ethnicity = category(page, 'Ethnicity');
  await expect(chip(ethnicity, 'Black')).toHaveAttribute('aria-pressed', 'false');
  await chip(ethnicity, 'Black').click();
  await chip(category(page, 'Body Type'), 'Athletic').click();
  await expect(hair.getByRole('button', { pressed: true })).toHaveCount(1);
  // A female profile is not offered the male-only Beard category.
  await expect(category(page, 'Beard')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/me');
  await expect(page.getByText('Profile saved')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Nora AFTER', { exact: true })).toBeVisible();
  await expect(page.getByTestId('user-name-label')).toHaveText(/^@erin-before/);
  await expect(page.getByText('Films the sea at dawn.')).toBeVisible();
  const chosen = page.getByRole('region', { name: 'Categories' });
  await expect(chosen.getByRole('listitem')).toHaveText([
    'Hair Color:Red',
    'Body Type:Athletic',
    'Ethnicity:Black',
  ]);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL('/me/edit');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nora AFTER');
  await expect(page.getByLabel('Bio', { exact: true })).toHaveValue(
    'Films the sea at dawn.\nPosts on Sundays.',
  );
  await expect(chip(hair, 'Red')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(hair, 'Black')).toHaveAttribute('aria-pressed', 'false');
  await expect(chip(ethnicity, 'Black')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(category(page, 'Body Type'), 'Athletic')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { pressed: true })).toHaveCount(3);
});

/** The <img> really decoded (not a broken image icon). */
async function expectLoadedMediaImage(image: Locator) {
  await expect(image).toHaveAttribute('src', /\/media\//);
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
}

test('uploads an avatar and shows it from /media/', async ({ page }) => {
  await signUp(page, { name: 'Ava Photo' });
  await page.goto('/me/edit');
  const avatar = page.getByRole('img', { name: 'Profile photo of Ava Photo' });
  // No photo yet: the initial stands in for it.
  await expect(avatar).toHaveText('A');

  const served: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/media/')) served.push(response.status());
  });
  await page.getByLabel('Change photo').setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: gradientPng(96),
  });
  await expect(page.getByText('Profile photo updated')).toBeVisible();
  await expectLoadedMediaImage(avatar);
  expect(served).toContain(200);

  // Stored, not just shown: the own profile after a full load has it too.
  await page.goto('/me');
  await expectLoadedMediaImage(page.getByRole('img', { name: 'Profile photo of Ava Photo' }));
});
