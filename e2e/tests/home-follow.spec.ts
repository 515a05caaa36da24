import { expect, test } from '@playwright/test';
import {
  fetchAllDiscover,
  fetchSection,
  homeSection,
  openHome,
  profileLinks,
  REFETCH_TIMEOUT_MS,
  registerViewer,
  SEED_TIMEOUT_MS,
  shownSlugs,
  storyAvatars,
  waitForDiscover,
} from '../support/home.ts';

test('following from a profile moves the creator from Discover into Following', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(SEED_TIMEOUT_MS + 60_000);
  await registerViewer(page, baseURL);
  await waitForDiscover(page.request, 2);

  const discover = await openHome(page, 2);
  const following = homeSection(page, 'Following');
  await expect(following).toContainText('You are not following anyone yet.');

  // Open the first Discover creator's profile from their name.
  const link = profileLinks(discover).first();
  const name = (await link.textContent())!.trim();
  const [slug] = await shownSlugs(discover);
  await link.click();
  await expect(page).toHaveURL(`/u/${slug}?from=home`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  const unfollow = page.getByRole('button', { name: 'Following', exact: true });
  await expect(unfollow).toHaveAttribute('aria-pressed', 'true');
  await expect(unfollow).toHaveAttribute('aria-busy', 'false');

  // Back home: the creator is in Following and gone from Discover.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL('/');
  const profileHref = `/u/${slug}?from=home`;
  const expectMoved = async () => {
    const timeout = REFETCH_TIMEOUT_MS;
    await expect(storyAvatars(following)).toHaveCount(1, { timeout });
    await expect(profileLinks(following)).toHaveText([name]);
    await expect(profileLinks(following)).toHaveAttribute('href', profileHref);
    await expect(storyAvatars(discover).first()).toBeVisible();
    await expect(discover.locator(`a[href="${profileHref}"]`)).toHaveCount(0, { timeout });
  };
  await expectMoved();

  // The server agrees, and a reload shows the same.
  expect((await fetchSection(page.request, 'following')).map((item) => item.slug)).toEqual([slug]);
  expect((await fetchAllDiscover(page.request)).map((item) => item.slug)).not.toContain(slug);
  await page.reload();
  await expectMoved();
});
