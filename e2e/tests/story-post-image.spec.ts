import { expect, test } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import { gradientPng } from '../support/png.ts';
import {
  carouselItems,
  finishPosting,
  openOwnStoriesMenu,
  ownStories,
  postingDialog,
  PROCESSING_TIMEOUT_MS,
  uniqueStoryText,
} from '../support/stories.ts';

test('posts an image story picked from a file and sees it ready in the own-story menu', async ({
  page,
}) => {
  // Waits on background media processing, slow while the demo seed's media is processed too.
  test.setTimeout(120_000);
  await signUp(page, { name: 'Pia Picker' });
  // The home screen offers "New story" too.
  await page.getByRole('button', { name: 'New story' }).click();
  const flow = postingDialog(page);
  await expect(flow).toBeVisible();

  await flow.getByLabel('Choose from device').setInputFiles({
    name: 'gradient.png',
    mimeType: 'image/png',
    buffer: gradientPng(480),
  });
  // Step 1 shows the picked picture from the device before anything is uploaded.
  const picked = flow.getByRole('img', { name: 'Your photo' });
  await expect(picked).toBeVisible();
  await expect
    .poll(() => picked.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(480);

  const text = uniqueStoryText('image');
  await finishPosting(page, text);
  // The flow closes itself a moment after posting.
  await expect(flow).toBeHidden({ timeout: 5_000 });

  await page.goto('/me');
  const menu = await openOwnStoriesMenu(page);
  const items = carouselItems(menu);
  await expect(items).toHaveCount(1);
  // Images are quick to process: it may already be ready, or show the spinner first.
  await expect(items.first()).toHaveAccessibleName('Story 1 of 1', {
    timeout: PROCESSING_TIMEOUT_MS,
  });
  const image = items.first().getByRole('img', { name: text });
  await expect(image).toHaveAttribute('src', /\/media\//);
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  await expect(menu.getByText('0 views')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /\/media\//);

  const [own] = await ownStories(page);
  expect(own).toMatchObject({
    text,
    is_video: false,
    is_processing: false,
    processing_error: null,
    price: null,
    free: 'free',
  });
  expect(own!.overlay_src).toMatch(/\/media\//);
});
