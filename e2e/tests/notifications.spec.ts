import { expect, test, type Page } from '@playwright/test';
import { newPerson } from '../support/chat.ts';
import {
  postImageStoryViaApi,
  PROCESSING_TIMEOUT_MS,
  uniqueStoryText,
  viewerDialog,
} from '../support/stories.ts';
import { DESKTOP, PHONE } from '../support/viewer.ts';

// Issue 28: a fan follows a creator, the creator posts a story, and the fan's bell (home's
// header on a phone, the rail on a desktop) shows it without a reload; the bell opens the
// notifications, and the line opens the story in the viewer.

/** The bell, whatever its count: on a phone the rail is hidden, on a desktop the header's. */
const bell = (page: Page) => page.getByRole('link', { name: /^Notifications(, \d+ unread)?$/ });

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`a followed creator's new story rings the fan's bell and opens from it (${size})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(PROCESSING_TIMEOUT_MS + 90_000);
    const creator = await newPerson(browser, baseURL);
    const fan = await newPerson(browser, baseURL, { viewport });

    // The fan follows the creator from the profile.
    await fan.page.goto(`/u/${creator.slug}`);
    await fan.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(fan.page.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute(
      'aria-busy',
      'false',
    );

    // Home, with the bell quiet: nothing has happened yet.
    await fan.page.goto('/');
    await expect(bell(fan.page)).toHaveAccessibleName('Notifications');
    await expect(bell(fan.page)).toBeVisible();

    // The creator posts; once the story is ready the fan's bell shows it, no reload.
    const text = uniqueStoryText('bell');
    const storyId = await postImageStoryViaApi(creator.page, { text });
    await expect(bell(fan.page)).toHaveAccessibleName('Notifications, 1 unread', {
      timeout: PROCESSING_TIMEOUT_MS,
    });
    await expect(bell(fan.page).getByTestId('notification-badge')).toHaveText('1');

    // The bell opens the list; the line names the creator and opens the story.
    await bell(fan.page).click();
    await expect(fan.page).toHaveURL('/notifications');
    await expect(fan.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const line = fan.page.getByRole('link', { name: `${creator.name} posted a story` });
    await expect(line).toHaveAttribute('href', `/u/${creator.slug}?story=${storyId}`);
    await line.click();
    const viewer = viewerDialog(fan.page, creator.name);
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText(text)).toBeVisible();
    // The query did its work and went: Back or a reload shows the profile.
    await expect(fan.page).toHaveURL(`/u/${creator.slug}`);

    // Opening it read the line: the bell is quiet again.
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
    await fan.page.goto('/');
    await expect(bell(fan.page)).toHaveAccessibleName('Notifications');
    expect(await (await fan.page.request.get('/api/notifications/unread-count')).json()).toEqual({
      count: 0,
    });

    // Nothing a page at either size must not do: no sideways scrolling.
    await fan.page.goto('/notifications');
    await expect(
      fan.page.getByRole('link', { name: `${creator.name} posted a story` }),
    ).toBeVisible();
    const scrolls = () =>
      fan.page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
    expect(await scrolls()).toBe(false);

    // The settings, from the list's gear: every type by channel, at this size too.
    await fan.page.getByRole('link', { name: 'Notification settings' }).click();
    await expect(fan.page).toHaveURL('/me/settings/notifications');
    await expect(fan.page.getByRole('checkbox', { name: 'New stories: push' })).toBeChecked();
    await expect(fan.page.getByRole('combobox', { name: 'New stories: email' })).toHaveValue(
      'digest',
    );
    await expect(fan.page.getByRole('heading', { name: 'Quiet hours' })).toBeVisible();
    expect(await scrolls()).toBe(false);
  });
}
