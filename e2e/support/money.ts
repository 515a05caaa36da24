import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/**
 * Money set-up for journeys that are about something else: a top-up paid through the sandbox
 * provider's own complete endpoint (the same path as pressing Pay), credited by its webhook.
 */

interface WalletJson {
  balance: number;
  transactions: Array<{ kind: string; amount: number }>;
}

export async function walletOf(page: Page): Promise<WalletJson> {
  const response = await page.request.get('/api/wallet');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as WalletJson;
}

export async function topUpViaSandbox(page: Page, amount: number): Promise<void> {
  const before = (await walletOf(page)).balance;
  const started = await page.request.post('/api/wallet/top-up', {
    headers: { 'idempotency-key': randomUUID() },
    data: { amount },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { redirectUrl } = (await started.json()) as { redirectUrl: string };
  const completed = await page.request.post(`${redirectUrl}/complete`, {
    data: { outcome: 'success' },
    maxRedirects: 0,
  });
  expect(completed.status(), await completed.text()).toBe(303);
  // Only the provider's webhook credits the wallet; it has been delivered when complete answers.
  await expect.poll(async () => (await walletOf(page)).balance).toBeCloseTo(before + amount, 2);
}

/** "$10.00": how the web shows an amount (lib/money.ts). */
export const usd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(amount);
