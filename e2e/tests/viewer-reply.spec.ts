import { expect, test } from '@playwright/test';
import { SEED_TIMEOUT_MS } from '../support/home.ts';
import { storyRing, viewerDialog, viewerPosition } from '../support/stories.ts';
import { ANNA, newViewerOfReadyStories, PHONE } from '../support/viewer.ts';

// Issue 25: a reply to a story goes to the creator's direct chat with the story quoted; the
// viewer stays open and offers the chat.

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('a reply from the viewer reaches the direct chat with the story quoted', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(SEED_TIMEOUT_MS + 60_000);
  await newViewerOfReadyStories(page, baseURL, ANNA);
  await page.goto(`/u/${ANNA.slug}`);
  await storyRing(page, ANNA.name).click();
  const viewer = viewerDialog(page, ANNA.name);
  await expect(viewer).toBeVisible({ timeout: 30_000 });
  await expect(viewerPosition(viewer)).toHaveText(`Story 1 of ${ANNA.stories}`);

  const reply = viewer.getByRole('textbox', { name: `Your reply to ${ANNA.name}` });
  await reply.tap();
  // While a reply is written the quick reactions show.
  await expect(viewer.getByRole('group', { name: 'Quick reactions' })).toBeVisible();
  await reply.fill('Lovely routine!');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Reply sent')).toBeVisible();
  // The viewer stays open on the same story.
  await expect(viewer).toBeVisible();
  await expect(viewerPosition(viewer)).toHaveText(`Story 1 of ${ANNA.stories}`);

  await page.getByRole('button', { name: 'View', exact: true }).tap();
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  const log = page.getByRole('log', { name: 'Messages' });
  const bubble = log.getByRole('listitem').filter({ hasText: 'Lovely routine!' });
  await expect(bubble).toBeVisible({ timeout: 30_000 });
  const quote = bubble.getByTestId('story-reply-quote');
  await expect(quote).toHaveText('You replied to their story');
  await expect(quote.locator('img')).toHaveAttribute('src', /\/media\//);
});
