import { test as setup } from '@playwright/test';
import { seedVisualDataset } from './seed-dataset.ts';

setup('create the visual dataset through the API', async ({ playwright, baseURL }) => {
  setup.setTimeout(240_000);
  if (!baseURL) throw new Error('baseURL is not configured');
  const origin = new URL(baseURL).origin;
  await seedVisualDataset(() =>
    playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: origin } }),
  );
});
