import type { PayoutMethodAnswer, Wallet } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MockResponse, RecordedCall } from '../../test/fetch-mock.ts';
import { sensitive, stepUpHandler, withApp } from '../account/two-factor-test-utils.ts';
import { renderWithUser, stubLocationAssign } from '../money/test/money-test-utils.tsx';
import { bankAccountAnswer, walletListHandlers } from './test/wallet-test-data.ts';
import { WalletScreen } from './WalletScreen.tsx';

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

// The step-up dialog is a lazy chunk: loaded up front, a cold import is slow on a loaded runner.
beforeAll(async () => {
  await import('../account/second-factor/SecondFactorDialog.tsx');
}, 60_000);

const wallet: Wallet = {
  balance: 0,
  currency: 'USD',
  earnings: { pending: 0, withdrawable: 25, in_flight: 0, paid_out: 0 },
  transactions: [],
};
const verified = { verified: true, verifyOndatoAt: '2025-01-01T00:00:00.000Z' };
const none: PayoutMethodAnswer = { method: null, accepts: 'bank_account' };
const stripeNone: PayoutMethodAnswer = { method: null, accepts: 'stripe_connect' };
const saved = bankAccountAnswer.method!;

function renderWallet(handlers: Record<string, Handler>, path = '/wallet') {
  return renderWithUser(<WalletScreen />, {
    path,
    user: verified,
    handlers: {
      'GET /api/wallet': { body: wallet },
      ...walletListHandlers,
      ...handlers,
    },
  });
}

/** The card once its method has loaded. */
async function card() {
  const region = await screen.findByRole('region', { name: 'Payout method' });
  await waitFor(() => expect(within(region).queryByText('Loading payout method')).toBeNull());
  return region;
}
const putsOf = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'PUT' && call.url === '/api/wallet/payout-method');

async function fillBankForm(region: HTMLElement, iban = 'de89 3704 0044 0532 0130 00') {
  await userEvent.type(within(region).getByLabelText('Account holder'), ' Erika Mustermann ');
  await userEvent.type(within(region).getByLabelText('IBAN'), iban);
  await userEvent.type(within(region).getByLabelText('BIC'), 'COBADEFFXXX');
}

describe('the payout method card, with a bank account', () => {
  it('asks for one when there is none, then shows it masked with Change', async () => {
    const { calls } = renderWallet({
      'GET /api/wallet/payout-method': { body: none },
      'PUT /api/wallet/payout-method': { body: saved },
    });
    const region = await card();
    expect(
      within(region).getByText(/Add a bank account before your first payout/),
    ).toBeInTheDocument();
    // The payout button says what is missing before it is pressed.
    expect(screen.getByText(/Add a payout method first/)).toBeInTheDocument();

    await fillBankForm(region);
    await userEvent.click(within(region).getByRole('button', { name: 'Save payout method' }));

    expect(await within(region).findByText('DE89 •••• •••• •••• •••• 00')).toBeInTheDocument();
    expect(within(region).getByText('Erika Mustermann')).toBeInTheDocument();
    expect(within(region).getByText('COBADEFFXXX')).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent(/We emailed you/);
    expect(within(region).getByRole('button', { name: 'Change payout method' })).toBeVisible();
    // The holder trimmed; the IBAN as typed (the server forgives spaces and case).
    expect(putsOf(calls).map((call) => call.body)).toEqual([
      { holder_name: 'Erika Mustermann', iban: 'de89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
    ]);
    expect(screen.queryByText(/Add a payout method first/)).toBeNull();
  });

  it('says what is missing before sending anything', async () => {
    const { calls } = renderWallet({ 'GET /api/wallet/payout-method': { body: none } });
    const region = await card();
    await userEvent.type(within(region).getByLabelText('Account holder'), 'E');
    await userEvent.click(within(region).getByRole('button', { name: 'Save payout method' }));
    expect(within(region).getByLabelText('Account holder')).toHaveAccessibleDescription(
      'Too short: use at least 2 characters.',
    );
    expect(within(region).getByLabelText('IBAN')).toHaveAccessibleDescription(
      expect.stringContaining('This field is required.'),
    );
    await waitFor(() => expect(within(region).getByLabelText('Account holder')).toHaveFocus());
    expect(putsOf(calls)).toHaveLength(0);
  });

  it.each([
    [
      'iban_invalid',
      'IBAN',
      'This IBAN is not valid. Check the country letters, the length and every digit.',
    ],
    [
      'bic_invalid',
      'BIC',
      'This BIC is not valid: it has 8 or 11 letters and digits, like COBADEFFXXX.',
    ],
  ])('shows %s under its field and moves the focus there', async (errKey, label, text) => {
    const field = errKey === 'iban_invalid' ? 'iban' : 'bic';
    renderWallet({
      'GET /api/wallet/payout-method': { body: none },
      'PUT /api/wallet/payout-method': {
        status: 400,
        body: { err_key: errKey, err_msg: { [field]: [errKey] }, errors: { [field]: [errKey] } },
      },
    });
    const region = await card();
    await fillBankForm(region, 'DE88 3704 0044 0532 0130 00');
    await userEvent.click(within(region).getByRole('button', { name: 'Save payout method' }));
    const input = within(region).getByLabelText(label);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(text));
    await waitFor(() => expect(input).toHaveFocus());
    // Typing again clears it.
    await userEvent.type(input, 'X');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('changes the account: holder and BIC offered again, never the IBAN; Cancel goes back', async () => {
    renderWallet({});
    const region = await card();
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Change payout method' }),
    );
    expect(within(region).getByLabelText('Account holder')).toHaveValue('Erika Mustermann');
    expect(within(region).getByLabelText('BIC')).toHaveValue('COBADEFFXXX');
    expect(within(region).getByLabelText('IBAN')).toHaveValue('');
    await userEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(within(region).getByText('DE89 •••• •••• •••• •••• 00')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    let answers = 0;
    renderWallet({
      'GET /api/wallet/payout-method': () =>
        answers++ === 0 ? { status: 500, body: { err_key: 'internal' } } : { body: none },
    });
    const region = await card();
    expect(
      await within(region).findByText(/The payout method could not be loaded/),
    ).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByLabelText('IBAN')).toBeInTheDocument();
  });
});

describe('changing the payout method with two-factor on', () => {
  it('asks for the second factor, then saves the same account', async () => {
    const verifiedFactor = { current: false };
    const { calls } = renderWallet({
      'GET /api/wallet/payout-method': { body: none },
      'PUT /api/wallet/payout-method': sensitive({ body: saved }, verifiedFactor),
      'GET /api/auth/2fa': { body: withApp() },
      'POST /api/auth/2fa/verify': stepUpHandler(verifiedFactor),
    });
    const region = await card();
    await fillBankForm(region);
    await userEvent.click(within(region).getByRole('button', { name: 'Save payout method' }));

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.type(
      await within(dialog).findByLabelText('Authenticator code'),
      '123456{Enter}',
    );
    expect(await within(region).findByText('DE89 •••• •••• •••• •••• 00')).toBeInTheDocument();
    const bodies = putsOf(calls).map((call) => call.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('says why nothing changed when the dialog is closed', async () => {
    renderWallet({
      'GET /api/wallet/payout-method': { body: none },
      'PUT /api/wallet/payout-method': sensitive({ body: saved }, { current: false }),
      'GET /api/auth/2fa': { body: withApp() },
    });
    const region = await card();
    await fillBankForm(region);
    await userEvent.click(within(region).getByRole('button', { name: 'Save payout method' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      "This change needs your second factor: confirm it's you, then try again.",
    );
  });
});

describe('the payout button and the payout method', () => {
  it('explains payout_method_required and takes the creator to the form', async () => {
    const { calls } = renderWallet({
      // Shown as set (another tab removed nothing, but the server knows better).
      'POST /api/wallet/payouts': { status: 409, body: { err_key: 'payout_method_required' } },
      'GET /api/wallet/payout-method': { body: none },
    });
    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    await userEvent.click(within(earnings).getByRole('button', { name: 'Request payout' }));
    const alert = await within(earnings).findByRole('alert');
    expect(alert).toHaveTextContent(/Say where your payouts go first/);
    await userEvent.click(within(alert).getByRole('button', { name: 'Add payout method' }));
    const region = await card();
    await waitFor(() => expect(within(region).getByLabelText('Account holder')).toHaveFocus());
    expect(
      calls.filter((call) => call.url === '/api/wallet/payouts' && call.method === 'POST'),
    ).toHaveLength(1);
  });

  it('asks for the second factor before a payout, then requests it once more', async () => {
    const verifiedFactor = { current: false };
    const payout = { id: 3, amount: 25, status: 'pending', created_at: '2025-03-04T10:00:00.000Z' };
    const { calls } = renderWallet({
      'POST /api/wallet/payouts': sensitive({ status: 201, body: payout }, verifiedFactor),
      'GET /api/auth/2fa': { body: withApp() },
      'POST /api/auth/2fa/verify': stepUpHandler(verifiedFactor),
    });
    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    await userEvent.click(within(earnings).getByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.type(
      await within(dialog).findByLabelText('Authenticator code'),
      '123456{Enter}',
    );
    expect(await screen.findByText('Payout requested')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.url === '/api/wallet/payouts' && call.method === 'POST'),
    ).toHaveLength(2);
  });
});

describe('the payout method card, with Stripe', () => {
  it('sends the creator to Stripe to set payouts up', async () => {
    const assign = stubLocationAssign();
    const url = 'https://connect.stripe.com/setup/e/acct_1/abc';
    const { calls } = renderWallet({
      'GET /api/wallet/payout-method': { body: stripeNone },
      'POST /api/wallet/payout-method/connect': { body: { redirectUrl: url } },
    });
    const region = await card();
    expect(within(region).queryByLabelText('IBAN')).toBeNull();
    await userEvent.click(
      within(region).getByRole('button', { name: 'Set up payouts with Stripe' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(calls.filter((call) => call.url === '/api/wallet/payout-method/connect')).toHaveLength(
      1,
    );
  });

  it('says where the Stripe account stands: being checked (continue), or ready', async () => {
    const pending: PayoutMethodAnswer = {
      accepts: 'stripe_connect',
      method: { kind: 'stripe_connect', ready: false, updated_at: '2025-03-01T10:00:00.000Z' },
    };
    const { unmount } = renderWallet(
      { 'GET /api/wallet/payout-method': { body: pending } },
      '/wallet?payout_setup=done',
    );
    let region = await card();
    expect(within(region).getByText(/Stripe is still checking your details/)).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent(/Welcome back/);
    expect(
      within(region).getByRole('button', { name: 'Continue setup with Stripe' }),
    ).toBeEnabled();
    unmount();

    renderWallet({
      'GET /api/wallet/payout-method': {
        body: { ...pending, method: { ...pending.method!, ready: true } },
      },
    });
    region = await card();
    expect(within(region).getByText('Payouts go to your Stripe account.')).toBeInTheDocument();
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('shows a refusal from the server', async () => {
    renderWallet({
      'GET /api/wallet/payout-method': { body: stripeNone },
      'POST /api/wallet/payout-method/connect': {
        status: 403,
        body: { err_key: 'email_not_verified' },
      },
    });
    const region = await card();
    await userEvent.click(
      within(region).getByRole('button', { name: 'Set up payouts with Stripe' }),
    );
    expect(await within(region).findByRole('alert')).not.toBeEmptyDOMElement();
  });
});
