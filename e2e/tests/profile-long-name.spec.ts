import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { dateYearsAgo, SIGN_UP_CONSENT, uniqueEmail } from '../support/accounts.ts';
import { horizontalOverflow, LOAD_TIMEOUT_MS, VIEWPORTS } from '../support/layout.ts';

// A 50-character name in one word (the longest a name may be) on a phone: the profile wraps it
// instead of growing wider than the window, on one's own profile and for others.

/** 50 letters, no space: nothing for the browser to break the line at. */
const longName = () => `Maximiliana${randomBytes(20).toString('hex')}`.slice(0, 50);

async function register(page: Page, baseURL: string, name: string): Promise<{ slug: string }> {
  const response = await page.request.post('/api/auth/register', {
    headers: { Origin: new URL(baseURL).origin },
    data: {
      email: uniqueEmail('long-name'),
      password: `e2e pass ${randomBytes(6).toString('hex')}`,
      name,
      birthdate: dateYearsAgo(30),
      sex: 'female',
      country_code: 'de',
      ...SIGN_UP_CONSENT,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { slug: string };
}

test.use({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });

test('a 50-character one-word name wraps on the own and on another profile', async ({
  page,
  browser,
  baseURL,
}) => {
  const ownName = longName();
  const otherName = longName();
  expect(ownName).toHaveLength(50);
  // The other person signs up in a context of their own, so the page stays signed in as us.
  const otherContext = await browser.newContext({ baseURL });
  const other = await register(await otherContext.newPage(), baseURL!, otherName);
  await otherContext.close();
  const own = await register(page, baseURL!, ownName);

  await page.goto('/me');
  const main = page.getByRole('main');
  await expect(main.getByText(ownName, { exact: true })).toBeVisible({ timeout: LOAD_TIMEOUT_MS });
  // The name once, the handle beside it as @slug.
  await expect(main.getByText(ownName, { exact: true })).toHaveCount(1);
  await expect(main.getByText(`@${own.slug}`, { exact: true })).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);

  await page.goto(`/u/${other.slug}`);
  await expect(main.getByText(otherName, { exact: true })).toBeVisible({
    timeout: LOAD_TIMEOUT_MS,
  });
  await expect(main.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  // The name's own box stays inside the window too (wrapped, not cut off by a clipping parent).
  const box = (await main.getByText(otherName, { exact: true }).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
});
