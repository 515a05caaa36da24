import { IRIS } from './dataset.ts';
import { stayOffline } from './messaging.ts';
import { expectScreen, expect, signInAs, test } from './screen.ts';

test('Go live: the form before starting', async ({ page }) => {
  // Nothing is started: no stream exists, so the Streams tab stays empty for the other screens.
  await stayOffline(page);
  await signInAs(page, IRIS);
  await page.goto('/me/live');
  await expect(page.getByRole('button', { name: 'Start streaming' })).toBeEnabled();
  const preview = page.getByLabel('Your camera', { exact: true });
  await expect(preview).toHaveJSProperty('readyState', 4);
  await page.getByLabel('Title', { exact: true }).fill('Friday acoustic session');
  // The preview is a live video: masked. The whole form, down to Start, on the phone too.
  await expectScreen(page, 'go-live', { mask: [preview], wholePage: true });
});
