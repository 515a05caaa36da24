import type { Message } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedCall } from '../../test/fetch-mock.ts';
import {
  makeChannelState,
  makeChatState,
  makeCompanion,
  makeMessage,
  ME_ID,
} from './test/chat-fixtures.ts';
import { callsTo, renderChat } from './test/chat-test-utils.tsx';
import { fakeServer } from '../../test/fake-realtime.ts';

beforeEach(() => fakeServer.reset());

/** The server's stored copy of what was sent. */
function stored(call: RecordedCall, id = 50): Message {
  const body = call.body as { message: string; client_id: string };
  return makeMessage(id, { user_id: ME_ID, message: body.message, client_id: body.client_id });
}

const allowed = { 'POST /api/messages/check-permission-to-send': { body: { success: true } } };

async function typeAndSend(text: string, how: 'enter' | 'button' = 'enter') {
  const input = await screen.findByRole('textbox', { name: 'Message' });
  if (how === 'enter') await userEvent.type(input, `${text}{Enter}`);
  else {
    await userEvent.type(input, text);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  }
  return input;
}

describe('sending a direct message', () => {
  it('checks permission once, shows the message at once, and replaces it with the stored one', async () => {
    const { calls } = renderChat({
      state: makeChatState(),
      handlers: {
        ...allowed,
        'POST /api/messages/send': (call) => ({ body: stored(call) }),
      },
    });
    const input = await typeAndSend('Hello Anna');
    expect(input).toHaveValue('');
    expect(await screen.findByText('Hello Anna')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/messages/send')).toHaveLength(1));
    const sent = callsTo(calls, 'POST', '/api/messages/send')[0]!;
    expect(sent.body).toMatchObject({ user_id: 42, message: 'Hello Anna' });
    expect((sent.body as { client_id: string }).client_id).toMatch(/^[\w-]{8,64}$/);
    const bubble = screen.getByText('Hello Anna').closest('li')!;
    await waitFor(() => expect(bubble).toHaveAttribute('data-message-id', '50'));
    expect(within(bubble).getByRole('img', { name: 'Sent' })).toBeInTheDocument();

    // The permission is remembered while the chat is open; Shift+Enter is a new line.
    await userEvent.type(input, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(input).toHaveValue('Line one\nline two');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/messages/send')).toHaveLength(2));
    expect(callsTo(calls, 'POST', '/api/messages/check-permission-to-send')).toHaveLength(1);
  });

  it('shows the bubble as sending until the server answers', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    renderChat({ state: makeChatState(), handlers: allowed });
    const { fetchMock } = { fetchMock: vi.mocked(fetch) };
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/messages/send') await gate;
      return original(input, init);
    });
    await typeAndSend('Wait for it');
    const bubble = (await screen.findByText('Wait for it')).closest('li')!;
    expect(within(bubble).getByRole('img', { name: 'Sending' })).toBeInTheDocument();
    release();
    // Answered 404 by the stub: the bubble is marked failed, loading over.
    expect(await within(bubble).findByText('Not sent')).toBeInTheDocument();
  });

  it('marks a failed message and retries it with the same client_id, so it is stored once', async () => {
    let attempts = 0;
    const { calls } = renderChat({
      state: makeChatState(),
      handlers: {
        ...allowed,
        'POST /api/messages/send': (call) => {
          attempts += 1;
          return attempts === 1
            ? { status: 500, body: { err_key: 'internal_error' } }
            : { body: stored(call) };
        },
      },
    });
    await typeAndSend('Are you there?');
    const bubble = (await screen.findByText('Are you there?')).closest('li')!;
    expect(await within(bubble).findByText('Not sent')).toBeInTheDocument();
    // Spec 8: any other direct failure is "something went wrong".
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();

    await userEvent.click(within(bubble).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bubble).toHaveAttribute('data-message-id', '50'));
    const [first, second] = callsTo(calls, 'POST', '/api/messages/send');
    expect((second!.body as { client_id: string }).client_id).toBe(
      (first!.body as { client_id: string }).client_id,
    );
    expect(screen.getAllByText('Are you there?')).toHaveLength(1);
    expect(within(bubble).queryByText('Not sent')).toBeNull();
  });

  it('shows cannot_send_msg with its err_msg and sends nothing', async () => {
    const { calls } = renderChat({
      state: makeChatState(),
      handlers: {
        'POST /api/messages/check-permission-to-send': {
          status: 400,
          body: { err_key: 'cannot_send_msg', err_msg: 'Anna is not taking messages from you.' },
        },
      },
    });
    const input = await typeAndSend('Hello');
    expect(await screen.findByText('Anna is not taking messages from you.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/messages/send')).toEqual([]);
    // The text stays, to send later.
    expect(input).toHaveValue('Hello');
  });

  it('opens the messages-disabled dialog when the companion turned messages off', async () => {
    const { calls } = renderChat({
      state: makeChatState(),
      companion: makeCompanion({ directMessageTurnOff: true }),
    });
    await typeAndSend('Hello');
    const dialog = await screen.findByRole('dialog', { name: 'Messages are turned off' });
    expect(dialog).toHaveTextContent('Anna Karenina does not take direct messages at the moment.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, 'POST', '/api/messages/check-permission-to-send')).toEqual([]);
    expect(callsTo(calls, 'POST', '/api/messages/send')).toEqual([]);
    // Focus goes back to the input the person was writing in.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });
});

describe('should_pay_option', () => {
  const payFirst = {
    status: 400,
    body: {
      err_key: 'should_pay_option',
      err_paid_options: [
        { type: 'subscribe', price: 9.99 },
        { type: 'direct_message', price: 4.99 },
      ],
    },
  };

  it('lists both options; paying for a direct message sends the waiting message', async () => {
    let permitted = false;
    const { calls } = renderChat({
      state: makeChatState(),
      handlers: {
        'POST /api/messages/check-permission-to-send': () =>
          permitted ? { body: { success: true } } : payFirst,
        'POST /api/users/42/buy-direct-message': () => {
          permitted = true;
          return { body: { success: true } };
        },
        'GET /api/users/slug/anna': { status: 500, body: { err_key: 'internal_error' } },
        'POST /api/messages/send': (call) => ({ body: stored(call) }),
      },
    });
    const input = await typeAndSend('Let me in');
    const dialog = await screen.findByRole('dialog', { name: 'Message Anna Karenina' });
    expect(
      within(dialog).getByRole('button', { name: 'Subscribe for $9.99 a month' }),
    ).toBeVisible();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Pay $4.99 for direct messages' }),
    );
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/messages/send')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/messages/send')[0]!.body).toMatchObject({
      message: 'Let me in',
    });
    expect(input).toHaveValue('');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The purchase carried an Idempotency-Key like every paying call.
    const buy = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => String(url) === '/api/users/42/buy-direct-message')!;
    expect((buy[1]!.headers as Record<string, string>)['idempotency-key']).toBeTruthy();
  });

  it('leads to the subscribe dialog; once subscribed the message goes', async () => {
    let permitted = false;
    const { calls } = renderChat({
      state: makeChatState(),
      handlers: {
        'POST /api/messages/check-permission-to-send': () =>
          permitted ? { body: { success: true } } : payFirst,
        'GET /api/users/slug/anna': {
          body: { subscriptionBenefits: { benefits_list: ['Weekly letters'], bundles: [] } },
        },
        'POST /api/users/42/subscribe': () => {
          permitted = true;
          return { body: { success: true } };
        },
        'POST /api/messages/send': (call) => ({ body: stored(call) }),
      },
    });
    await typeAndSend('Subscribed now');
    const options = await screen.findByRole('dialog', { name: 'Message Anna Karenina' });
    const subscribe = within(options).getByRole('button', { name: 'Subscribe for $9.99 a month' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await userEvent.click(subscribe);
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Anna Karenina' });
    expect(within(dialog).getByText('Weekly letters')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe for $9.99' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/messages/send')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/messages/send')[0]!.body).toMatchObject({
      message: 'Subscribed now',
    });
  });

  it('sends nothing when the subscribe dialog is closed without subscribing', async () => {
    const { calls } = renderChat({
      state: makeChatState(),
      handlers: {
        'POST /api/messages/check-permission-to-send': payFirst,
        'GET /api/users/slug/anna': {
          body: { subscriptionBenefits: { benefits_list: [], bundles: [] } },
        },
      },
    });
    const input = await typeAndSend('Maybe later');
    const options = await screen.findByRole('dialog', { name: 'Message Anna Karenina' });
    const subscribe = within(options).getByRole('button', { name: 'Subscribe for $9.99 a month' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await userEvent.click(subscribe);
    await screen.findByRole('dialog', { name: 'Subscribe to Anna Karenina' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/messages/check-permission-to-send')).toHaveLength(2),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, 'POST', '/api/messages/send')).toEqual([]);
    expect(input).toHaveValue('Maybe later');
  });
});

describe('sending in a channel', () => {
  it('posts to the channel without a permission check', async () => {
    const { calls } = renderChat({
      channel: true,
      state: makeChannelState({ isChatOwner: true }),
      handlers: {
        'POST /api/messages/send/channel/9': (call) => ({ body: { data: stored(call) } }),
      },
    });
    await typeAndSend('Hello fans', 'button');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/messages/send/channel/9')).toHaveLength(1),
    );
    expect(callsTo(calls, 'POST', '/api/messages/check-permission-to-send')).toEqual([]);
    const bubble = screen.getByText('Hello fans').closest('li')!;
    await waitFor(() => expect(bubble).toHaveAttribute('data-message-id', '50'));
    // Broadcasts have no read receipts.
    expect(within(bubble).queryByRole('img', { name: /Sent|Read/ })).toBeNull();
  });

  it("shows a refused channel message's err_msg", async () => {
    renderChat({
      channel: true,
      state: makeChannelState(),
      handlers: {
        'POST /api/messages/send/channel/9': {
          status: 400,
          body: { err_key: 'cannot_send_msg', err_msg: 'Only subscribers may write here.' },
        },
      },
    });
    await typeAndSend('Hi');
    expect(await screen.findByText('Only subscribers may write here.')).toBeInTheDocument();
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
  });
});
