import { NAME_MAX, PASSWORD_MAX, registerBody, TERMS_VERSION } from '@glimpse/contract';
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

const termsBox = () =>
  screen.getByRole('checkbox', {
    name: 'I agree to the Terms of Service and the Privacy Policy.',
  });
const adultBox = () =>
  screen.getByRole('checkbox', { name: 'I confirm that I am 18 years of age or older.' });

async function fillForm(birthdate = '1990-01-31', { consent = true } = {}) {
  await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'long enough secret');
  await userEvent.type(screen.getByLabelText('Name'), 'New Person');
  await userEvent.type(screen.getByLabelText('Birthdate'), birthdate);
  await userEvent.click(screen.getByRole('radio', { name: 'Transgender' }));
  await screen.findByRole('option', { name: 'France' });
  await userEvent.selectOptions(screen.getByLabelText('Country'), 'fr');
  if (consent) {
    await userEvent.click(termsBox());
    await userEvent.click(adultBox());
  }
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
    // An empty password is missing, not of the wrong length; the rule is not said twice.
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(calls.some((call) => call.url === '/api/auth/register')).toBe(false);
  });

  it('says a too-short password is too short, without repeating the hint', async () => {
    renderSignUp({});
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Too short: use at least 8 characters.',
    );
    expect(screen.getAllByText(/8 to 128 characters|use at least 8/i)).toHaveLength(1);
  });

  it('says a too-long name or password is too long, with the limit, and nothing is "missing"', async () => {
    const { calls } = renderSignUp({});
    await fillForm();
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.paste('N'.repeat(NAME_MAX + 1));
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.paste('p'.repeat(PASSWORD_MAX + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      `Too long: use at most ${NAME_MAX} characters.`,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      `Too long: use at most ${PASSWORD_MAX} characters.`,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Some fields need your attention.');
    expect(alert).not.toHaveTextContent('Something is missing');
    expect(calls.some((call) => call.url === '/api/auth/register')).toBe(false);
  });

  it('requires both consent boxes, each with its own message, before calling the server', async () => {
    const { calls } = renderSignUp({});
    await fillForm('1990-01-31', { consent: false });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Something is missing');
    expect(termsBox()).toHaveAttribute('aria-invalid', 'true');
    expect(termsBox()).toHaveAccessibleDescription(
      'Agree to the Terms of Service and the Privacy Policy to create an account.',
    );
    expect(adultBox()).toHaveAccessibleDescription(
      'Glimpse is only for adults: confirm that you are 18 or older.',
    );
    expect(calls.some((call) => call.url === '/api/auth/register')).toBe(false);
    await userEvent.click(termsBox());
    expect(termsBox()).not.toHaveAccessibleDescription();
  });

  it('links the consent sentence to the terms and the privacy policy, opening beside the form', () => {
    renderSignUp({});
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('shows and hides the password with the eye button', async () => {
    renderSignUp({});
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'secret words');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(password).toHaveValue('secret words');
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
      accept_terms: true,
      confirm_adult: true,
      terms_version: TERMS_VERSION,
      language: 'en',
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
    // Every field was filled in: the server found some wrong, none missing.
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Something is missing');
  });

  it('shows outdated terms at the consent box', async () => {
    renderSignUp({
      status: 400,
      body: { err_key: 'terms_outdated', errors: { terms_version: ['terms_outdated'] } },
    });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(termsBox()).toHaveAccessibleDescription(/The terms have changed/));
  });
});
