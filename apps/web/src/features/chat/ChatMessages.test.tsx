import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeChatState, makeMessage, ME_ID } from './test/chat-fixtures.ts';
import { callsTo, renderChat } from './test/chat-test-utils.tsx';
import { fakeServer } from '../../test/fake-realtime.ts';

beforeEach(() => fakeServer.reset());

const tipRequest = (status: 'pending' | 'paid' | 'declined', own = false) =>
  makeMessage(5, {
    type: 'creator_tip',
    user_id: own ? ME_ID : 42,
    message: 'For the new brushes',
    meta: { creator_tip: { name: 'Brushes', price: 12.5, request_id: 77, status } },
  });

describe('message kinds', () => {
  it('puts own messages on the right and the others on the left, under date separators', async () => {
    const today = new Date();
    const yesterday = new Date(today.getTime() - 86_400_000);
    renderChat({
      state: makeChatState({
        messages: [
          makeMessage(1, { message: 'Long ago', date: '2024-12-24T10:00:00' }),
          makeMessage(2, { message: 'Yesterday note', date: yesterday.toISOString() }),
          makeMessage(3, { user_id: ME_ID, message: 'Mine today', date: today.toISOString() }),
        ],
      }),
    });
    const log = await screen.findByRole('log', { name: 'Messages' });
    const items = within(log)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toBe('December 24, 2024');
    expect(items[2]).toBe('Yesterday');
    expect(items[4]).toBe('Today');
    expect(screen.getByText('Mine today').closest('li')).toHaveClass('justify-end');
    expect(screen.getByText('Long ago').closest('li')).toHaveClass('justify-start');
  });

  it('shows a tip with its amount and words', async () => {
    renderChat({
      state: makeChatState({
        messages: [
          makeMessage(1, {
            type: 'user_tip',
            message: 'Loved the stream',
            meta: { tip: { amount: 5 }, buyer: { name: 'Anna Karenina' } },
          }),
          makeMessage(2, {
            type: 'user_tip',
            user_id: ME_ID,
            message: '',
            meta: { tip: { amount: 10 } },
          }),
        ],
      }),
    });
    expect(await screen.findByText('Anna Karenina sent a tip of $5.00')).toBeInTheDocument();
    expect(screen.getByText('Loved the stream')).toBeInTheDocument();
    expect(screen.getByText('You sent a tip of $10.00')).toBeInTheDocument();
  });

  it('lets the addressee pay a tip request from the message, with an Idempotency-Key', async () => {
    const { calls, fetchMock } = renderChat({
      state: makeChatState({ messages: [tipRequest('pending')] }),
      handlers: { 'POST /api/tips/requests/77/pay': { body: { success: true } } },
    });
    expect(await screen.findByText('Brushes: $12.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $12.50 for Brushes' }));
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(callsTo(calls, 'POST', '/api/tips/requests/77/pay')).toHaveLength(1);
    const headers = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/77/pay'))![1]!
      .headers as Record<string, string>;
    expect(headers['idempotency-key']).toBeTruthy();
  });

  it('offers a top-up when the wallet cannot pay the request', async () => {
    renderChat({
      user: { balance: 2.5 },
      state: makeChatState({ messages: [tipRequest('pending')] }),
      handlers: {
        'POST /api/tips/requests/77/pay': { status: 400, body: { err_key: 'insufficient_funds' } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $12.50 for Brushes' }));
    expect(await screen.findByRole('dialog', { name: 'Not enough money' })).toBeInTheDocument();
  });

  it('shows the words of a request once when they are also its name, as the server sends it', async () => {
    const words = 'A coffee for the rehearsal?';
    const request = tipRequest('pending');
    renderChat({
      state: makeChatState({
        messages: [
          {
            ...request,
            message: words,
            meta: { creator_tip: { ...request.meta.creator_tip!, name: words } },
          },
        ],
      }),
    });
    expect(await screen.findByText(`${words}: $12.50`)).toBeInTheDocument();
    expect(screen.queryByText(words, { exact: true })).toBeNull();
  });

  it.each([
    ['the requester, waiting', tipRequest('pending', true), 'Waiting for payment'],
    ['anyone, once paid', tipRequest('paid'), 'Paid'],
    ['anyone, once declined', tipRequest('declined'), 'Declined'],
  ])('shows %s the status instead of Pay', async (_who, message, status) => {
    renderChat({ state: makeChatState({ messages: [message] }) });
    expect(await screen.findByText(status)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('plays a voice message inline and shows a locked story with its unlock price', async () => {
    renderChat({
      state: makeChatState({
        messages: [
          makeMessage(1, { type: 'audio', message: '', audio_file_url: '/media/v.m4a' }),
          makeMessage(2, {
            type: 'story',
            story: {
              id: 3,
              price: 4.99,
              isAvailable: false,
              overlay_image_src: null,
              overlay_src: null,
              mp4_video_src: null,
              webm_video_src: null,
              is_video: false,
              text: '',
              tags: [],
              type: 'other',
              slug: 'anna',
              verified: true,
              creator_id: 42,
              user_id: 42,
              profileImage: null,
              name: 'Anna Karenina',
              online: false,
              subscribePrice: null,
              noPaid: false,
            },
          }),
        ],
      }),
    });
    expect(await screen.findByRole('button', { name: 'Play voice message' })).toBeEnabled();
    expect(document.querySelector('audio')).toHaveAttribute('src', '/media/v.m4a');
    expect(await screen.findByRole('button', { name: 'Unlock for $4.99' })).toBeInTheDocument();
    expect(screen.getByText('Locked story from Anna Karenina')).toBeInTheDocument();
  });
});

describe('the message log', () => {
  it('is a named, focusable log so a keyboard can scroll it', async () => {
    renderChat({ state: makeChatState({ messages: [makeMessage(1)] }) });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await waitFor(() => expect(log).toHaveAttribute('tabindex', '0'));
  });
});
