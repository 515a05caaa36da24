import { registerBody } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { countries, makeUser } from '../../test/fixtures.ts';
import { landing, renderScreen } from '../../test/render.tsx';
import { SignUpScreen } from './SignUpScreen.tsx';

function renderSignUp(registerAnswer: { status?: number; body?: unknown }) {
  const fetch = mockFetch({
    'GET /api/countries': { body: countries },
    'POST /api/auth/register': registerAnswer,
  });
  const view = renderScreen(<SignUpScreen />, {
    path: '/sign-up',
    pattern: '/sign-up',
    extraRoutes: [landing('/')],
  });
  return { ...fetch, ...view };
}

async function fillForm(birthdate = '1990-01-31') {
  await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'long enough secret');
  await userEvent.type(screen.getByLabelText('Name'), 'New Person');
  await userEvent.type(screen.getByLabelText('Birthdate'), birthdate);
  await userEvent.click(screen.getByRole('radio', { name: 'Transgender' }));
  await screen.findByRole('option', { name: 'France' });
  await userEvent.selectOptions(screen.getByLabelText('Country'), 'fr');
}

describe('SignUpScreen', () => {
  it('lists countries with flags but without the All entry', async () => {
    renderSignUp({});
    const select = screen.getByLabelText('Country');
    await within(select).findByRole('option', { name: 'France' });
    expect(within(select).queryByRole('option', { name: 'All' })).toBeNull();
    await userEvent.selectOptions(select, 'gb');
    expect(screen.getByTestId('country-flag')).toHaveClass('fi', 'fi-gb');
  });

  it("lists countries in the reader's alphabetical order, accented names among their letter", async () => {
    mockFetch({
      'GET /api/countries': {
        // By code points, as the server sorts: "Türkiye" after "Tuvalu", "Åland" after "Z".
        body: [
          { id: 0, name: 'All', code: 'all' },
          { id: 1, name: 'Austria', code: 'at' },
          { id: 2, name: 'Tuvalu', code: 'tv' },
          { id: 3, name: 'Türkiye', code: 'tr' },
          { id: 4, name: 'Zambia', code: 'zm' },
          { id: 5, name: 'Åland Islands', code: 'ax' },
        ],
      },
    });
    renderScreen(<SignUpScreen />, { path: '/sign-up', pattern: '/sign-up' });
    const select = screen.getByLabelText('Country');
    // The first render of the file (flag styles, the form) is slow on a loaded runner.
    await within(select).findByRole('option', { name: 'Türkiye' }, { timeout: 5_000 });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose your country', 'Åland Islands', 'Austria', 'Türkiye', 'Tuvalu', 'Zambia']);
  });

  it('shows the password length hint', () => {
    renderSignUp({});
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('8 to 128 characters.');
  });

  it('checks fields on the client and shows the something-is-missing hint', async () => {
    const { calls } = renderSignUp({});
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Something is missing');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      /Use 8 to 128 characters/,
    );
    expect(calls.some((call) => call.url === '/api/auth/register')).toBe(false);
  });

  it('clears a field error once the field is edited', async () => {
    renderSignUp({});
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await userEvent.type(screen.getByLabelText('Name'), 'N');
    expect(screen.getByLabelText('Name')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This field is required.');
  });

  it('refuses an under-18 birthdate before calling the server', async () => {
    const { calls } = renderSignUp({});
    const year = new Date().getFullYear() - 17;
    await fillForm(`${year}-01-01`);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Birthdate')).toHaveAccessibleDescription(
      /You must be at least 18 years old\./,
    );
    expect(calls.some((call) => call.url === '/api/auth/register')).toBe(false);
  });

  it('registers with the contract body and goes home signed in', async () => {
    const { calls, queryClient } = renderSignUp({
      status: 201,
      body: makeUser({ name: 'New Person' }),
    });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('landed on /')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/auth/register')?.body).toEqual({
      email: 'new@example.com',
      password: 'long enough secret',
      name: 'New Person',
      birthdate: '1990-01-31',
      sex: 'transgender',
      country_code: 'fr',
    });
    expect(
      registerBody.safeParse(calls.find((call) => call.url === '/api/auth/register')?.body).success,
    ).toBe(true);
    expect(queryClient.getQueryData(['me'])).toMatchObject({ name: 'New Person' });
  });

  it('maps an err_key without a field to its English text above the form', async () => {
    renderSignUp({ status: 429, body: { err_key: 'rate_limited' } });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts');
    expect(alert).not.toHaveTextContent('Something is missing');
  });

  it('shows a taken email under the email field only, and moves focus there', async () => {
    // The server's real answer: the err_key and the same key on the email field.
    renderSignUp({
      status: 409,
      body: { err_key: 'email_taken', errors: { email: ['email_taken'] } },
    });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('An account with this email already exists.'),
    );
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Something is missing/)).not.toBeInTheDocument();
    expect(screen.getAllByText('An account with this email already exists.')).toHaveLength(1);
  });

  it('shows server field errors under their fields', async () => {
    renderSignUp({
      status: 400,
      body: {
        err_key: 'validation_failed',
        errors: { country_code: ['unknown'], email: ['email_invalid'] },
      },
    });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'Enter a valid email address.',
      ),
    );
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription('unknown');
    expect(screen.getByRole('alert')).toHaveTextContent('Something is missing');
  });
});
