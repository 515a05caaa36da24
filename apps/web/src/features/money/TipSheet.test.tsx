import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../test/fetch-mock.ts';
import { idempotencyKeysOf, renderWithUser } from './test/money-test-utils.tsx';
import { TipSheet } from './TipSheet.tsx';
import type { TipTarget } from './tip-model.ts';

const verifiedCreator: TipTarget = { id: 7, username: 'grace', verified: true };
const unverifiedCreator: TipTarget = { id: 8, username: 'linus', verified: false };
const verifiedUser = { verified: true, verifyOndatoAt: '2025-01-01T00:00:00.000Z' };

function renderTip(target: TipTarget, options: Parameters<typeof renderWithUser>[1] = {}) {
  return renderWithUser(
    <TipSheet open onOpenChange={() => undefined} target={target} storyId={41} />,
    options,
  );
}

async function sheet() {
  return screen.findByRole('dialog', { name: 'Tip' });
}

describe('TipSheet', () => {
  it('offers 5, 10 and 15 with 10 chosen, and sends the chosen preset with its message', async () => {
    const { calls, fetchMock } = renderTip(verifiedCreator, {
      handlers: { 'POST /api/tips': { body: { success: true } } },
    });
    const dialog = await sheet();
    const presets = within(dialog).getAllByRole('radio', { name: /^\$/ });
    expect(presets.map((radio) => radio.parentElement?.textContent)).toEqual([
      '$5.00',
      '$10.00',
      '$15.00',
    ]);
    expect(within(dialog).getByRole('radio', { name: '$10.00' })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('radio', { name: '$15.00' }));
    await userEvent.type(within(dialog).getByLabelText('Message (optional)'), 'Thank you');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));

    await waitFor(() => expect(tipCalls(calls)).toHaveLength(1));
    expect(tipCalls(calls)[0]!.body).toEqual({
      user_id: 7,
      amount: 15,
      message: 'Thank you',
      story_id: 41,
      mode: 'send',
    });
    expect(idempotencyKeysOf(fetchMock, '/api/tips')[0]).toMatch(/^[\w-]{8,}$/);
  });

  it('masks the custom amount to 3 digits and lets it win over the preset', async () => {
    const { calls } = renderTip(verifiedCreator, {
      handlers: { 'POST /api/tips': { body: { success: true } } },
    });
    const dialog = await sheet();
    const custom = within(dialog).getByLabelText('Other amount');
    await userEvent.type(custom, '1a2.34');
    expect(custom).toHaveValue('123');
    // A custom amount unselects every preset.
    expect(within(dialog).getByRole('radio', { name: '$10.00' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    await waitFor(() => expect(tipCalls(calls)[0]?.body).toMatchObject({ amount: 123 }));
  });

  it('shows the invalid tip marker for a zero amount and sends nothing', async () => {
    const { calls } = renderTip(verifiedCreator);
    const dialog = await sheet();
    const custom = within(dialog).getByLabelText('Other amount');
    await userEvent.type(custom, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a tip amount above 0.');
    expect(custom).toHaveAttribute('aria-invalid', 'true');
    expect(tipCalls(calls)).toEqual([]);
    // Typing again clears the marker.
    await userEvent.type(custom, '5');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('offers a plain viewer no Request: only creators ask for tips, so no choice is shown', async () => {
    renderTip(verifiedCreator);
    const dialog = await sheet();
    expect(within(dialog).queryByRole('radio', { name: 'Request' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'Send' })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Send or request' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send tip' })).toBeInTheDocument();
  });

  it('lets a verified creator choose between sending and requesting', async () => {
    const { calls } = renderTip(verifiedCreator, {
      user: verifiedUser,
      handlers: { 'POST /api/tips': { body: { success: true } } },
    });
    const dialog = await sheet();
    expect(within(dialog).getByRole('radio', { name: 'Send' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Request' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request tip' }));
    await waitFor(() => expect(tipCalls(calls)[0]?.body).toMatchObject({ mode: 'request' }));
  });

  it('offers a verified user only Request for an unverified target, without a choice', async () => {
    const { calls } = renderTip(unverifiedCreator, {
      user: verifiedUser,
      handlers: { 'POST /api/tips': { body: { success: true } } },
    });
    const dialog = await sheet();
    expect(within(dialog).queryByRole('radio', { name: 'Send' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'Request' })).toBeNull();
    expect(within(dialog).queryByText(/Funds cannot be sent/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request tip' }));
    await waitFor(() => expect(tipCalls(calls)[0]?.body).toMatchObject({ mode: 'request' }));
  });

  it('shows only the cannot-send notice with the username when neither side is verified', async () => {
    renderTip(unverifiedCreator);
    const dialog = await sheet();
    expect(within(dialog).getByText('Funds cannot be sent to linus.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /tip$/ })).toBeNull();
    expect(within(dialog).queryByRole('radio')).toBeNull();
  });

  it('sends in a channel or a live chat without a choice, even as a verified creator', async () => {
    const { calls } = renderWithUser(
      <TipSheet open onOpenChange={() => undefined} target={verifiedCreator} channelId={5} />,
      { user: verifiedUser, handlers: { 'POST /api/tips/channel': { body: { success: true } } } },
    );
    const dialog = await sheet();
    expect(within(dialog).queryByRole('radio', { name: 'Send' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'Request' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/tips/channel')?.body).toEqual({
        chat_id: 5,
        amount: 10,
        message: '',
      }),
    );
  });

  it('confirms with the amount and the name, looked up when the caller gives none', async () => {
    const { queryClient } = renderWithUser(
      <TipSheet open onOpenChange={() => undefined} target={verifiedCreator} />,
      {
        handlers: {
          'POST /api/tips': { body: { success: true } },
          'GET /api/users/7': { body: { id: 7, name: 'Grace Hopper' } },
        },
      },
    );
    const dialog = await sheet();
    // The lookup has answered before the person sends (the late answer is the next test's case);
    // on a busy machine the tip's answer could otherwise overtake it and name the username.
    await waitFor(() => expect(queryClient.getQueryData(['money', 'tip-target', 7])).toBeDefined());
    await userEvent.click(within(dialog).getByRole('radio', { name: '$5.00' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    // The snackbar host loads sonner on demand: slow on a busy machine.
    expect(
      await screen.findByText('Tip sent: $5.00 to Grace Hopper', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('names the person when their lookup answers while the tip is on its way', async () => {
    let answerLookup: () => void = () => undefined;
    const lookupHeld = new Promise<void>((resolve) => (answerLookup = resolve));
    renderWithUser(<TipSheet open onOpenChange={() => undefined} target={verifiedCreator} />, {
      handlers: {
        'GET /api/users/7': async () => {
          await lookupHeld;
          return { body: { id: 7, name: 'Grace Hopper' } };
        },
        // The tip's answer comes a moment after the lookup's: the sheet was sent before the
        // name was known.
        'POST /api/tips': async () => {
          answerLookup();
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { body: { success: true } };
        },
      },
    });
    const dialog = await sheet();
    await userEvent.click(within(dialog).getByRole('radio', { name: '$5.00' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    expect(
      await screen.findByText('Tip sent: $5.00 to Grace Hopper', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('resets the model after sending, and a new intent gets a new key', async () => {
    const { fetchMock } = renderWithUser(<ReopenableTip />, {
      handlers: { 'POST /api/tips': { body: { success: true } } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Open tip' }));
    let dialog = await sheet();
    await userEvent.type(within(dialog).getByLabelText('Other amount'), '42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tip' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Open tip' }));
    dialog = await sheet();
    expect(within(dialog).getByLabelText('Other amount')).toHaveValue('');
    expect(within(dialog).getByRole('radio', { name: '$10.00' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    await waitFor(() => expect(idempotencyKeysOf(fetchMock, '/api/tips')).toHaveLength(2));
    const [first, second] = idempotencyKeysOf(fetchMock, '/api/tips');
    expect(first).not.toBe(second);
  });

  it('opens the insufficient funds dialog when the wallet is too low', async () => {
    renderTip(verifiedCreator, {
      user: { balance: 2 },
      handlers: {
        'POST /api/tips': { status: 400, body: { err_key: 'insufficient_funds' } },
      },
    });
    const dialog = await sheet();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    const funds = await screen.findByRole('dialog', { name: 'Not enough money' });
    // $8 is missing: the smallest preset covering it is offered.
    expect(within(funds).getByRole('radio', { name: '$10.00' })).toBeChecked();
  });
});

function tipCalls(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'POST' && call.url === '/api/tips');
}

function ReopenableTip() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open tip
      </button>
      {open && <TipSheet open onOpenChange={setOpen} target={verifiedCreator} />}
    </>
  );
}
