import type { NotificationSettings } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { NotificationSettingsScreen } from './NotificationSettingsScreen.tsx';
import { makeSettings } from './test/notification-fixtures.ts';

const anna = { id: 10, name: 'Anna Rivera', slug: 'anna', avatar_url: null };

function renderSettings(settings: MockResponse, put?: MockResponse) {
  let saved = settings.body as NotificationSettings;
  const fetch = mockFetch({
    'GET /api/notifications/settings': settings,
    // The server answers the settings as saved: only what was sent changes.
    'PUT /api/notifications/settings': ({ body }) => {
      if (put) return put;
      const { types, ...rest } = body as Partial<NotificationSettings>;
      saved = {
        ...saved,
        ...rest,
        types: saved.types.map((row) => types?.find((t) => t.type === row.type) ?? row),
      };
      return { body: saved };
    },
    'DELETE /api/users/10/mute-notifications': { body: { success: true } },
  });
  return { ...fetch, ...renderScreen(<NotificationSettingsScreen />) };
}

const puts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('NotificationSettingsScreen', () => {
  it('shows each type by channel; a change is saved as it is made', async () => {
    const { calls } = renderSettings({ body: makeSettings() });
    const push = await screen.findByRole('checkbox', { name: 'New stories: push' });
    expect(push).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New stories: in the app' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'New stories: email' })).toHaveValue('digest');
    expect(screen.getByRole('combobox', { name: 'Tips received: email' })).toHaveValue('immediate');

    await userEvent.click(push);
    await waitFor(() => expect(push).not.toBeChecked());
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        { types: [{ type: 'story_posted', in_app: true, push: false, email: 'digest' }] },
      ]),
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Direct messages: email' }),
      'Daily digest',
    );
    await waitFor(() =>
      expect(puts(calls)[1]).toEqual({
        types: [{ type: 'direct_message', in_app: true, push: true, email: 'digest' }],
      }),
    );
  });

  it("keeps security notices in the app: that box is on and can't be changed", async () => {
    renderSettings({ body: makeSettings() });
    const inApp = await screen.findByRole('checkbox', { name: 'New sign-ins: in the app' });
    expect(inApp).toBeChecked();
    expect(inApp).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'New sign-ins: push' })).toBeEnabled();
    expect(
      screen.getAllByText('Always shown in the app: it keeps your account safe.'),
    ).toHaveLength(3);
  });

  it('puts a refused change back and says why', async () => {
    renderSettings({ body: makeSettings() }, { status: 500 });
    const push = await screen.findByRole('checkbox', { name: 'Live streams: push' });
    await userEvent.click(push);
    await waitFor(() => expect(push).toBeChecked());
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it("turns quiet hours on at night, in the browser's time zone when none was saved", async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Europe/Berlin',
    });
    const { calls } = renderSettings({ body: makeSettings() });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Europe/Berlin');
    await userEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        { quiet_hours: { start: 22 * 60, end: 7 * 60 }, time_zone: 'Europe/Berlin' },
      ]),
    );
    expect(await screen.findByLabelText('From')).toHaveValue('22:00');
    expect(screen.getByLabelText('Until')).toHaveValue('07:00');
  });

  it('saves a new start of the quiet hours, and the zone when another is chosen', async () => {
    const { calls } = renderSettings({
      body: makeSettings({ quiet_hours: { start: 1320, end: 420 }, time_zone: 'Asia/Tokyo' }),
    });
    const from = await screen.findByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '23:30');
    await userEvent.tab();
    await waitFor(() => expect(puts(calls)).toEqual([{ quiet_hours: { start: 1410, end: 420 } }]));
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Time zone' }),
      'Europe/Paris',
    );
    await waitFor(() => expect(puts(calls)[1]).toEqual({ time_zone: 'Europe/Paris' }));
  });

  it('lists the muted creators and unmutes one', async () => {
    const { calls } = renderSettings({ body: makeSettings({ muted: [anna] }) });
    const section = (await screen.findByRole('heading', { name: 'Muted creators' })).closest(
      'section',
    )!;
    expect(within(section).getByRole('link', { name: /Anna Rivera/ })).toHaveAttribute(
      'href',
      '/u/anna',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Unmute Anna Rivera' }));
    expect(await within(section).findByText('You have not muted anyone.')).toBeVisible();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      'DELETE /api/users/10/mute-notifications',
    );
    expect(
      await screen.findByText('You get notifications about Anna Rivera again.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when the settings do not load', async () => {
    renderSettings({ status: 500 });
    expect(
      await screen.findByText('Your notification settings could not be loaded.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
