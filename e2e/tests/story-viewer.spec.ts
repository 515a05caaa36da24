import { expect, test } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import {
  storyRing,
  tapStory,
  userIdBySlug,
  viewerDialog,
  viewerPosition,
  waitForReadyStories,
  watchedFlags,
} from '../support/stories.ts';

/**
 * A demo creator whose seeded stories are three free images (no video, no price): every story
 * is available to a fresh viewer and runs on the image clock.
 */
const CREATOR = { name: 'Fatima Haddad', slug: 'fatima-haddad', stories: 3 };

test('a viewer taps through a creator’s stories and the watched state survives reloads', async ({
  page,
}) => {
  // Waits on background media processing, slow while the demo seed's media is processed too.
  test.setTimeout(120_000);
  await signUp(page, { name: 'Vera Viewer' });
  const creatorId = await userIdBySlug(page, CREATOR.slug);
  const group = await waitForReadyStories(page, creatorId, CREATOR.stories);
  expect(group.stories.map((story) => [story.isAvailable, story.watched, story.is_video])).toEqual(
    Array.from({ length: CREATOR.stories }, () => [true, false, false]),
  );
  const captions = group.stories.map((story) => story.text);

  await page.goto(`/u/${CREATOR.slug}`);
  const ring = storyRing(page, CREATOR.name);
  await expect(ring).toHaveAttribute('data-unwatched', 'true');
  await ring.click();

  const viewer = viewerDialog(page, CREATOR.name);
  const position = viewerPosition(viewer);
  const image = viewer.getByTestId('story-stage').getByRole('img');
  await expect(viewer).toBeVisible();
  await expect(position).toHaveText('Story 1 of 3');
  await expect(image).toHaveAttribute('alt', captions[0]!);
  await expect(viewer.getByTestId('story-progress')).toHaveCount(3);

  // A first-time viewer gets the guide; it closes itself (4 s + 2 s) and taps work after it.
  const guide = viewer.getByRole('heading', { name: 'How to watch stories' });
  await expect(guide).toBeVisible();
  await expect(guide).toBeHidden({ timeout: 10_000 });

  await tapStory(viewer, 'right');
  await expect(position).toHaveText('Story 2 of 3');
  await expect(image).toHaveAttribute('alt', captions[1]!);
  await tapStory(viewer, 'left');
  await expect(position).toHaveText('Story 1 of 3');
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText('Story 2 of 3');
  await expect(image).toHaveAttribute('alt', captions[1]!);

  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  // The viewer marked the two stories it showed, not the third.
  await expect.poll(() => watchedFlags(page, creatorId)).toEqual([true, true, false]);

  // After a reload the viewer opens at the first unwatched story; no guide the second time.
  await page.reload();
  await expect(ring).toHaveAttribute('data-unwatched', 'true');
  await ring.click();
  await expect(viewer).toBeVisible();
  await expect(position).toHaveText('Story 3 of 3');
  await expect(image).toHaveAttribute('alt', captions[2]!);
  await expect(guide).toBeHidden();
  await tapStory(viewer, 'middle'); // pauses: text and controls hide, the bars stay
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeHidden();
  // Next on the last story of the last creator closes the viewer.
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toBeHidden();
  await expect.poll(() => watchedFlags(page, creatorId)).toEqual([true, true, true]);
  await expect(ring).toHaveAttribute('data-unwatched', 'false');

  // All watched: the ring turns grey and the viewer starts again from the first story.
  await page.reload();
  await expect(ring).toHaveAttribute('data-unwatched', 'false');
  await ring.click();
  await expect(viewer).toBeVisible();
  await expect(position).toHaveText('Story 1 of 3');
  await expect(image).toHaveAttribute('alt', captions[0]!);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  expect(await watchedFlags(page, creatorId)).toEqual([true, true, true]);
});
