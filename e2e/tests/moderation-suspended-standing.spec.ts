import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  dateYearsAgo,
  SIGN_UP_CONSENT,
  signIn,
  signInAsDemo,
  uniqueEmail,
} from '../support/accounts.ts';
import { confirmAddressByMail } from '../support/mailbox.ts';
import { postImageStoryViaApi, uniqueStoryText, waitForOwnStoryReady } from '../support/stories.ts';

// Issue 29: a suspended account has no session, yet its owner must learn why and appeal. The
// refused sign-in (right password) leads to the account's standing with the token that came
// with the refusal: the reason, until when, what was removed (an excerpt only its owner sees),
// and the appeals; nothing else of the app opens.

const DESKTOP = { width: 1280, height: 800 };

async function moderate(page: Page, origin: string, data: Record<string, unknown>) {
  const response = await page.request.post('/api/moderation/actions', {
    headers: { Origin: origin },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.use({ viewport: DESKTOP });

test('a suspended account reads why, sees what was removed and appeals, without a session', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('baseURL is not configured');
  const origin = new URL(baseURL).origin;

  // A creator with a story (set-up through the API).
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const email = uniqueEmail('suspended');
  const password = `e2e pass ${randomBytes(6).toString('hex')}`;
  const registered = await ownerPage.request.post('/api/auth/register', {
    headers: { Origin: origin },
    data: {
      email,
      password,
      name: `Sami ${randomBytes(3).toString('hex')}`,
      birthdate: dateYearsAgo(30),
      sex: 'female',
      country_code: 'de',
      ...SIGN_UP_CONSENT,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const owner = (await registered.json()) as { id: number };
  await confirmAddressByMail(ownerPage.request, email);
  const caption = uniqueStoryText('standing');
  const storyId = await postImageStoryViaApi(ownerPage, { text: caption });
  await waitForOwnStoryReady(ownerPage, storyId);

  // The demo moderator takes the story down and suspends the account for a week.
  const moderatorContext = await browser.newContext();
  const moderatorPage = await moderatorContext.newPage();
  await signInAsDemo(moderatorPage, 'moderator');
  await moderate(moderatorPage, origin, {
    kind: 'story',
    target_id: storyId,
    action: 'take_down',
    note: 'Spam link in the caption.',
  });
  await moderate(moderatorPage, origin, {
    kind: 'user',
    target_id: owner.id,
    action: 'suspend',
    note: 'Repeated spam after a warning.',
    suspend_days: 7,
  });
  await expect(async () => {
    expect((await ownerPage.request.get('/api/auth/me')).status()).toBe(401);
  }).toPass({ timeout: 30_000 });

  // The owner signs in again: refused, with the end date and the way to the standing.
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  await expect(page.getByText(/This account is suspended until/)).toBeVisible();
  await page.getByRole('link', { name: 'See why your account is suspended, and appeal' }).click();
  await expect(page.getByRole('heading', { name: "Your account's standing" })).toBeVisible();
  await expect(
    page.getByText("The moderators' reason: Repeated spam after a warning."),
  ).toBeVisible();
  const removed = page.getByRole('region', { name: 'Removed content' });
  await expect(removed.getByText(`Story #${storyId}`)).toBeVisible();
  await expect(removed.getByRole('figure', { name: 'What it was' })).toContainText(caption);

  // Both appeals go with the token; the password is not asked again.
  await removed.getByRole('button', { name: 'Appeal' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Why should it come back?').fill('The link was my own shop.');
  await dialog.getByRole('button', { name: 'Send appeal' }).click();
  await expect(removed.getByText('Appeal under review')).toBeVisible();
  await page.getByLabel('Why should the suspension be lifted?').fill('I will not post links.');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByText(/Appeal sent\. We will email you the outcome/)).toBeVisible();

  // Nothing else opened: still no session, and the app's own pages send to sign-in.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.goto('/me/settings/standing');
  await expect(page).toHaveURL(/\/sign-in/);

  await Promise.all([ownerContext.close(), moderatorContext.close(), page.context().close()]);
});
