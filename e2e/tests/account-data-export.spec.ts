import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  dateYearsAgo,
  DEMO_PASSWORD,
  demoEmail,
  SIGN_UP_CONSENT,
  uniqueEmail,
} from '../support/accounts.ts';
import { horizontalOverflow } from '../support/layout.ts';
import { DESKTOP, PHONE } from '../support/viewer.ts';

// Issue 27: a copy of one's data from Account security: asked for, built in the background with
// its progress shown, mailed about, downloaded as a zip by its owner and no one else.

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });

test('a demo creator asks for a copy of their data and downloads the zip (phone)', async ({
  browser,
  baseURL,
}) => {
  const page = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  // Signed in through the API (the context keeps the cookie): the sign-in form is not the subject.
  const login = await page.request.post('/api/auth/login', {
    data: { email: demoEmail('Anna'), password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/me/settings/security');
  const section = yourData(page);
  await section.getByRole('button', { name: 'Download my data' }).click();
  // Built in the background (the progress bar shows while it is), then the link appears.
  const link = section.getByRole('link', { name: /^Download ZIP \(.+\)$/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText(/^The download works until /)).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^glimpse-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = await readFile((await download.path())!);
  expect(archive.subarray(0, 2).toString()).toBe('PK');
  // Entry names are stored as they are: her stories and their original files are in it.
  const names = archive.toString('latin1');
  for (const name of ['profile.json', 'stories.json', 'messages.json', 'ledger.json'])
    expect(names).toContain(name);
  expect(names).toMatch(/stories\/\d+\/original\.(jpg|png|webp|mp4|mov|webm)/);

  // The mail says so, in the development mailbox.
  await expect(async () => {
    const mailbox = await (await page.request.get('/dev/mailbox')).text();
    const item = mailbox
      .split('<li>')
      .find(
        (entry) =>
          entry.includes(`To ${demoEmail('Anna')}<`) &&
          entry.includes('Your Glimpse data is ready to download'),
      );
    expect(item).toBeDefined();
  }).toPass({ timeout: 30_000 });

  // Someone else, signed in on a desktop, cannot have it; their own section offers a copy.
  const other = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  const response = await other.request.post('/api/auth/register', {
    data: {
      email: uniqueEmail('export'),
      password: `e2e pass ${randomBytes(6).toString('hex')}`,
      name: 'Otto Other',
      birthdate: dateYearsAgo(31),
      sex: 'male',
      country_code: 'de',
      ...SIGN_UP_CONSENT,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const refused = await other.request.get((await link.getAttribute('href'))!);
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toEqual({ err_key: 'export_not_found' });
  await other.goto('/me/settings/security');
  await expect(yourData(other).getByRole('button', { name: 'Download my data' })).toBeVisible();
  expect(await horizontalOverflow(other)).toBe(0);
});
