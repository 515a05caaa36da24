import { expect, test, type Page } from '@playwright/test';
import { signInAsDemo } from '../support/accounts.ts';
import { homeSection, registerViewer } from '../support/home.ts';
import { follow } from '../support/layout.ts';
import {
  postImageStoryViaApi,
  storyRing,
  uniqueStoryText,
  viewerDialog,
  waitForOwnStoryReady,
} from '../support/stories.ts';
import { holdMedia, skipGuide, VIEWPORTS } from '../support/viewer.ts';

// Issue 29: a viewer reports a story, the demo moderator finds it in the console's queue and
// takes it down with a note, and the story is gone for the viewer: the viewer they still have
// open closes saying so, and their home (open in another tab) drops it, both without a reload
// (the realtime `content.removed` event).

/** The story's status for the viewer: the ids their view of the creator's group holds. */
async function storyIdsSeenBy(page: Page, creatorId: number): Promise<number[] | 'absent'> {
  const response = await page.request.get(`/api/users/${creatorId}/stories`, {
    headers: { accept: 'application/json' },
  });
  if (response.status() === 404) return 'absent';
  expect(response.status()).toBe(200);
  const group = (await response.json()) as { stories: { id: number }[] };
  return group.stories.map((story) => story.id);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a reported story is taken down from the console and is gone for the viewer', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      // The creator posts a story (set-up through the API).
      const creatorContext = await browser.newContext({ viewport });
      const creatorPage = await creatorContext.newPage();
      const creator = await registerViewer(creatorPage, baseURL);
      const text = uniqueStoryText('moderation');
      const storyId = await postImageStoryViaApi(creatorPage, { text });
      await waitForOwnStoryReady(creatorPage, storyId);

      // A viewer who follows the creator has home open in one tab and the story in another.
      const viewerContext = await browser.newContext({ viewport });
      const viewerPage = await viewerContext.newPage();
      await registerViewer(viewerPage, baseURL);
      await follow(viewerPage, baseURL, [creator.id]);
      await skipGuide(viewerPage);
      const homePage = await viewerContext.newPage();
      await homePage.goto('/');
      const following = homeSection(homePage, 'Following');
      const creatorStories = following.getByRole('button', {
        name: new RegExp(`^Stories of ${creator.name}`),
      });
      await expect(creatorStories).toBeVisible({ timeout: 30_000 });

      // The picture never arrives, so the viewer stays on the story instead of moving on.
      await holdMedia(viewerPage, ['image']);
      await viewerPage.goto(`/u/${creator.slug}`);
      await storyRing(viewerPage, creator.name).click();
      const viewer = viewerDialog(viewerPage, creator.name);
      await expect(viewer).toBeVisible({ timeout: 30_000 });
      await expect(viewer.getByText(text)).toBeVisible();
      await viewer.getByRole('button', { name: 'More', exact: true }).click();
      await viewerPage.getByRole('menuitem', { name: 'Report story' }).click();
      const report = viewerPage.getByRole('dialog', { name: 'Report story' });
      await report.getByLabel('What is wrong with this story?').fill('Posted without my consent');
      await report.getByRole('button', { name: 'Send report' }).click();
      await expect(viewerPage.getByText('Thank you. We received your report.')).toBeVisible();
      expect(await storyIdsSeenBy(viewerPage, creator.id)).toContain(storyId);
      // The viewer is still open on the reported story.
      await expect(viewer.getByText(text)).toBeVisible();

      // The demo moderator finds it in the queue (stories only) and takes it down with a note.
      const moderatorContext = await browser.newContext({ viewport });
      const moderatorPage = await moderatorContext.newPage();
      await signInAsDemo(moderatorPage, 'moderator');
      await moderatorPage.goto('/admin');
      await moderatorPage.getByRole('combobox', { name: 'Kind' }).selectOption('story');
      const row = moderatorPage.getByRole('button', { name: `Open Story by ${creator.name}` });
      const loadMore = moderatorPage.getByRole('button', { name: 'Load more' });
      await expect(row.or(loadMore).first()).toBeVisible({ timeout: 30_000 });
      while (!(await row.isVisible()) && (await loadMore.isVisible())) {
        await loadMore.click();
        await expect(row.or(loadMore).first()).toBeVisible();
      }
      await row.click();
      const detail = moderatorPage.getByRole('region', { name: `Story #${storyId}` });
      await expect(detail.getByText(text)).toBeVisible();
      await expect(detail.getByText('Posted without my consent')).toBeVisible();
      await detail.getByRole('button', { name: 'Take down' }).click();
      const decision = moderatorPage.getByRole('dialog', { name: 'Take down' });
      await decision.getByRole('textbox', { name: /Note/ }).fill('Reported as non-consensual');
      await decision.getByRole('button', { name: 'Continue' }).click();
      await decision.getByRole('button', { name: 'Confirm' }).click();
      await expect(moderatorPage.getByText('Done: Take down')).toBeVisible();
      await expect(row).toHaveCount(0);

      // Gone for the viewer without a reload: the open viewer closes and says why (the story was
      // the creator's only one), and home's Following no longer offers the creator's stories.
      await expect(viewerPage.getByText('This story is no longer available')).toBeVisible({
        timeout: 15_000,
      });
      await expect(viewer).toBeHidden();
      await expect(creatorStories).toHaveCount(0, { timeout: 20_000 });

      // The server agrees: the API no longer hands it out.
      const seen = await storyIdsSeenBy(viewerPage, creator.id);
      expect(seen === 'absent' || !seen.includes(storyId)).toBe(true);

      await Promise.all([creatorContext.close(), viewerContext.close(), moderatorContext.close()]);
    });
  });
}
