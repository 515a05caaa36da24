import { generate } from 'otplib';
import { expect, test, type Page } from '@playwright/test';
import { signIn, signOutFromProfile, signUp, type NewUser } from '../support/accounts.ts';
import { DESKTOP, PHONE } from '../support/viewer.ts';

// Issue 27: two-factor sign-in as a person sets it up. An authenticator app whose codes the test
// computes from the setup key the screen shows, and a passkey held by Chromium's virtual
// authenticator (WebAuthn through the DevTools protocol); each then signs in.

/** The authenticator app's code `steps` periods from now (one step of drift is accepted). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function openSecurity(page: Page) {
  await page.goto('/me/settings/security');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section).toBeVisible();
  return section;
}

async function saveRecoveryCodes(page: Page): Promise<string[]> {
  const codes = page.getByRole('list', { name: 'Your new recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const all = await codes.allTextContents();
  await page.getByRole('button', { name: 'I saved them' }).click();
  return all.map((code) => code.trim());
}

async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Wallet' }).first()).toBeVisible();
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('sets up an authenticator app and signs in with its code', async ({ page }) => {
    const person: NewUser = await signUp(page);
    const section = await openSecurity(page);
    await expect(section).toContainText('Off');
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();

    const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await setup.locator('code').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await setup.getByLabel('Authenticator code').fill('000000');
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      setup.getByText('That code is not right, or it was used already.', { exact: false }),
    ).toBeVisible();
    await setup.getByLabel('Authenticator code').fill(await codeAt(secret));
    await setup.getByRole('button', { name: 'Turn on' }).click();
    const codes = await saveRecoveryCodes(page);
    expect(codes.every((code) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code))).toBe(true);
    await expect(section).toContainText('On');
    await expect(section).toContainText('10 recovery codes left.');

    // Signing in now takes the password and then a code.
    await signOutFromProfile(page);
    await signIn(page, person.email, person.password);
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    const code = page.getByLabel('Authenticator code');
    await code.fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByText('That code is not right, or it was used already.', { exact: false }),
    ).toBeVisible();
    // The code that turned the app on was used: the next one signs in.
    await code.fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page);

    // Lost phone: a recovery code signs in once.
    await signOutFromProfile(page);
    await signIn(page, person.email, person.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page);
    await expect(await openSecurity(page)).toContainText('9 recovery codes left.');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('adds a passkey, then signs in with it after the password and without one', async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const person = await signUp(page);
    const section = await openSecurity(page);
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    await add.getByLabel('Name (optional)').fill('Work laptop');
    await add.getByRole('button', { name: 'Create passkey' }).click();
    await saveRecoveryCodes(page);
    await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('Work laptop');

    // The password, then the passkey.
    await signOutFromProfile(page);
    await signIn(page, person.email, person.password);
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expectSignedIn(page);

    // The passkey alone.
    await signOutFromProfile(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectSignedIn(page);
    const me = (await (await page.request.get('/api/auth/me')).json()) as { email: string };
    expect(me.email).toBe(person.email);
  });
});
