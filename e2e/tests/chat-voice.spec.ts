import { expect, test } from '@playwright/test';
import { composerInput, messageItem, messageLog, newPerson } from '../support/chat.ts';

// Issue 11, spec 4/9: the hold-to-record mic with Chromium's fake microphone. Holding it past
// 800 ms records, letting go sends; the voice message shows with a play button on both sides.
// Sliding left more than 100 px while holding throws the recording away.

/** Voice messages are transcoded in the background before they play. */
const TRANSCODE_TIMEOUT_MS = 30_000;

test('records a voice message by holding the mic, and cancels one by sliding left', async ({
  browser,
  baseURL,
}) => {
  const sender = await newPerson(browser, baseURL, { permissions: ['microphone'] });
  const receiver = await newPerson(browser, baseURL);

  // The receiver asks first, so the voice message joins a chat that has history: a voice
  // message's event carries no copy, and the receiver fetches what came after its newest one.
  await receiver.page.goto(`/messages/${sender.id}`);
  const receiverChat = receiver.page.getByRole('main').getByRole('region', { name: sender.name });
  const ask = 'Send me a voice note?';
  await composerInput(receiverChat).fill(ask);
  await composerInput(receiverChat).press('Enter');
  await expect(
    messageItem(receiverChat, ask).getByRole('img', { name: /^(Sent|Read)$/ }),
  ).toBeVisible();

  await sender.page.goto(`/messages/${receiver.id}`);
  const chat = sender.page.getByRole('main').getByRole('region', { name: receiver.name });
  await expect(messageItem(chat, ask)).toBeVisible();
  const mic = chat.getByRole('button', { name: 'Hold to record a voice message' });
  await expect(mic).toBeEnabled();

  // Hold: recording starts after 800 ms; keep holding until the clock shows two seconds.
  await mic.hover();
  await sender.page.mouse.down();
  const recording = chat.getByRole('button', {
    name: 'Recording a voice message: release to send',
  });
  await expect(recording).toBeVisible();
  await expect(chat.getByRole('status').filter({ hasText: 'Slide left to cancel' })).toBeVisible();
  // Two seconds or more: a loaded machine's checks can be over a second apart and miss 0:02.
  await expect(chat.getByText(/^0:0[2-9]$/)).toBeVisible();
  await sender.page.mouse.up();

  // Sent: a voice message with a play button, once transcoded, on both sides.
  const ownVoice = messageLog(chat)
    .getByRole('listitem')
    .filter({
      has: sender.page.getByRole('button', { name: 'Play voice message' }),
    });
  await expect(ownVoice).toHaveCount(1, { timeout: TRANSCODE_TIMEOUT_MS });
  await expect(ownVoice.getByRole('button', { name: 'Play voice message' })).toBeEnabled({
    timeout: TRANSCODE_TIMEOUT_MS,
  });
  const receivedPlay = messageLog(receiverChat).getByRole('button', {
    name: 'Play voice message',
  });
  await expect(receivedPlay).toBeEnabled({ timeout: TRANSCODE_TIMEOUT_MS });
  await expect(ownVoice.getByRole('img', { name: /^(Sent|Read)$/ })).toBeVisible();
  // The receiver's copy lasts the two seconds or more that were held, and plays to its end.
  const receivedVoice = messageLog(receiverChat);
  await expect(
    receivedVoice.getByRole('slider', { name: 'Voice message position' }),
  ).toHaveAttribute('aria-valuetext', /^0:00 of 0:0[2-9]$/);
  await receivedPlay.click();
  await expect(receivedVoice.getByRole('button', { name: 'Pause voice message' })).toBeVisible();
  await expect(receivedPlay).toBeVisible({ timeout: 15_000 });

  // Hold again and slide left past 100 px: deleted, nothing sent.
  await expect(mic).toBeEnabled();
  const box = (await mic.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await sender.page.mouse.move(x, y);
  await sender.page.mouse.down();
  await expect(recording).toBeVisible();
  await sender.page.mouse.move(x - 60, y, { steps: 3 });
  await expect(recording).toBeVisible();
  // One move past 100 px, so the check starts as the note does (it shows for a second only).
  await sender.page.mouse.move(x - 130, y);
  await expect(chat.getByText('Recording deleted')).toBeVisible();
  await sender.page.mouse.up();
  await expect(mic).toBeVisible();
  // Still the one voice message on both sides (the deleted note goes after a second).
  await expect(chat.getByText('Recording deleted')).toBeHidden();
  await expect(messageLog(chat).getByRole('button', { name: 'Play voice message' })).toHaveCount(1);
  await expect(receivedPlay).toHaveCount(1);

  await sender.page.context().close();
  await receiver.page.context().close();
});
