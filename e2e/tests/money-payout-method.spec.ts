import { expect, test } from '@playwright/test';
import { verifyViaSandbox } from '../support/chat.ts';
import { registerViewer } from '../support/home.ts';
import { horizontalOverflow, LOAD_TIMEOUT_MS, VIEWPORTS } from '../support/layout.ts';

// Issue 27: a verified creator says where payouts go on the wallet page (the sandbox takes a bank
// account); a wrong IBAN is said under its field, the saved one shows masked, and the card fits a
// phone and a desktop window.

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`a creator adds and changes a bank account for payouts (${size})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await registerViewer(page, baseURL);
    await verifyViaSandbox(page);

    await page.goto('/wallet');
    const card = page.getByRole('region', { name: 'Payout method' });
    const holder = card.getByLabel('Account holder');
    await expect(holder).toBeVisible({ timeout: LOAD_TIMEOUT_MS });
    await expect(
      page.getByText('Add a payout method first: it says where the money goes.'),
    ).toBeVisible();

    await holder.fill('Erika Mustermann');
    await card.getByLabel('IBAN').fill('DE88 3704 0044 0532 0130 00');
    await card.getByLabel('BIC').fill('cobadeffxxx');
    await card.getByRole('button', { name: 'Save payout method' }).click();
    const iban = card.getByLabel('IBAN');
    await expect(iban).toHaveAccessibleDescription(/This IBAN is not valid/);
    await expect(iban).toBeFocused();

    await iban.fill('de89 3704 0044 0532 0130 00');
    await card.getByRole('button', { name: 'Save payout method' }).click();
    await expect(card.getByText('DE89 •••• •••• •••• •••• 00')).toBeVisible();
    await expect(card.getByText('COBADEFFXXX')).toBeVisible();
    await expect(card).not.toContainText('3704');
    expect(await horizontalOverflow(page)).toBe(0);

    // Changing it offers the holder and BIC again, never the IBAN.
    await card.getByRole('button', { name: 'Change payout method' }).click();
    await expect(card.getByLabel('IBAN')).toHaveValue('');
    await card.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
    await card.getByLabel('BIC').fill('ABNANL2A');
    await card.getByRole('button', { name: 'Save payout method' }).click();
    await expect(card.getByText('NL91 •••• •••• •••• 00')).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
  });
}
