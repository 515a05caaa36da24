import { updateProfileBody } from '@glimpse/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { categories, countries, makeUser } from '../../test/fixtures.ts';
import { landing, renderScreen, testQueryClient } from '../../test/render.tsx';
import { ProfileEditScreen } from './ProfileEditScreen.tsx';

const user = makeUser({
  sex: 'male',
  subscribePrice: 10,
  bundles: [{ period: 6, discount: 10, isEnabled: true }],
  benefits_list: ['Weekly video'],
  userCategories: [
    {
      id: 201,
      title: 'Athletic',
      color_code: null,
      category_id: 20,
      category_title: 'Body',
      for_male: 1,
      for_female: 0,
      for_transgender: 0,
    },
  ],
});

function renderEdit(answers: Record<string, { status?: number; body?: unknown }> = {}) {
  const fetch = mockFetch({
    'GET /api/countries': { body: countries },
    'GET /api/user-categories': { body: categories },
    'GET /api/auth/session': { body: { user } },
    ...answers,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  const view = renderScreen(<ProfileEditScreen />, {
    path: '/me/edit',
    pattern: '/me/edit',
    queryClient,
    extraRoutes: [landing('/me')],
  });
  return { ...fetch, ...view };
}

describe('ProfileEditScreen', () => {
  it('starts from the saved profile', async () => {
    renderEdit();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(screen.getByLabelText('Subscription price per month')).toHaveValue(10);
    expect(screen.getByLabelText('Benefit 1')).toHaveValue('Weekly video');
    expect(screen.getByLabelText('Offer 6-month bundle')).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Athletic' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Style is for female/transgender only, so a male profile does not see it.
    expect(screen.queryByRole('region', { name: 'Style' })).toBeNull();
  });

  it('shows each bundle total as price * period minus the discount', async () => {
    renderEdit();
    expect(screen.getByText('Total: $30.00')).toBeInTheDocument();
    expect(screen.getByText('Total: $54.00')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('12-month discount (%)'));
    await userEvent.type(screen.getByLabelText('12-month discount (%)'), '25');
    expect(screen.getByText('Total: $90.00')).toBeInTheDocument();
  });

  it('saves exactly the contract body and goes back to the profile', async () => {
    const saved = { ...user, name: 'Ada B' };
    const { calls, queryClient } = renderEdit({ 'PUT /api/users/me/profile': { body: saved } });
    await screen.findByRole('button', { name: 'Athletic' });
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada B');
    await userEvent.click(screen.getByRole('button', { name: 'Slim' }));
    await userEvent.click(screen.getByRole('button', { name: 'Black' }));
    await userEvent.click(screen.getByRole('switch', { name: /On holiday mood/ }));
    await userEvent.type(screen.getByLabelText('Direct message price'), '2.5');
    await userEvent.click(screen.getByRole('switch', { name: /Only subscribers can message me/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add benefit' }));
    await userEvent.type(screen.getByLabelText('Benefit 2'), 'Early access');
    await userEvent.click(screen.getByRole('checkbox', { name: 'France' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('landed on /me')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toEqual({
      name: 'Ada B',
      bio: 'Poet of numbers',
      sex: 'male',
      birthdate: '1990-12-10',
      country_code: 'gb',
      blockedCountries: ['fr'],
      userCategories: expect.arrayContaining([202, 101]) as unknown,
      subscribePrice: 10,
      benefits_list: ['Weekly video', 'Early access'],
      bundles: [
        { period: 3, discount: 0, isEnabled: false },
        { period: 6, discount: 10, isEnabled: true },
        { period: 12, discount: 0, isEnabled: false },
      ],
      directMessagePrice: 2.5,
      directMessageTurnOff: false,
      directMessageSubscribersOnly: true,
      on_holiday_mood: true,
    });
    expect(body.userCategories).toHaveLength(2);
    expect(updateProfileBody.safeParse(body).success).toBe(true);
    expect(queryClient.getQueryData(['me'])).toMatchObject({ name: expect.any(String) as unknown });
    // The ['me'] query was invalidated, so it is fetched again.
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/session')).toBe(true));
  });

  it('checks money fields before saving', async () => {
    const { calls } = renderEdit();
    await userEvent.clear(screen.getByLabelText('Subscription price per month'));
    await userEvent.type(screen.getByLabelText('Subscription price per month'), '1.999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Something is missing');
    expect(screen.getByLabelText('Subscription price per month')).toHaveAccessibleDescription(
      /at most two decimals/,
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the avatar err_key message when the upload fails', async () => {
    renderEdit({ 'POST /api/users/me/avatar': { status: 400, body: { err_key: 'not_an_image' } } });
    const file = new File(['not really'], 'notes.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Change photo'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not an image we can use.',
    );
  });

  it('uploads the avatar as multipart field "file"', async () => {
    const { calls } = renderEdit({
      'POST /api/users/me/avatar': { body: { ...user, avatar_url: '/media/a.webp' } },
    });
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Change photo'), file);
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/users/me/avatar')).toBe(true),
    );
    const form = calls.find((call) => call.url === '/api/users/me/avatar')?.body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
  });
});
