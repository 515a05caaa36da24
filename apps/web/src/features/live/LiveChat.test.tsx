import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeChatState, makeMessage } from '../chat/test/chat-fixtures.ts';
import { fakeServer, fakeStreams } from '../../test/fake-realtime.ts';
import FakeHls from './test/fake-hls.ts';
import { STREAM_CHAT_ID } from './test/live-fixtures.ts';
import { installVideoStubs, renderWatch } from './test/render-watch.tsx';

beforeEach(() => {
  fakeStreams.reset();
  FakeHls.reset();
  installVideoStubs();
});

const chatMessage = (id: number, overrides: Parameters<typeof makeMessage>[1] = {}) =>
  makeMessage(id, { chat_id: STREAM_CHAT_ID, ...overrides });

function renderWithChat(messages = [chatMessage(1, { message: 'Hello everyone' })]) {
  return renderWatch({
    handlers: {
      'GET /api/chats/load': {
        body: makeChatState({ chat_id: STREAM_CHAT_ID, messages, isBroadcastingChannel: true }),
      },
      [`POST /api/messages/send/channel/${STREAM_CHAT_ID}`]: (call) => ({
        body: {
          data: chatMessage(10, {
            user_id: 1,
            own: true,
            message: (call.body as { message: string }).message,
          }),
        },
      }),
    },
  });
}

describe('live chat', () => {
  it("shows the stream chat's messages and joins its room", async () => {
    renderWithChat();
    const log = await screen.findByRole('log', { name: 'Chat messages' });
    expect(within(log).getByText('Hello everyone')).toBeVisible();
    expect(within(log).getByText('Anna Karenina')).toBeVisible();
    await waitFor(() =>
      expect(fakeServer.sentOf('chat.join')).toEqual([
        { event: 'chat.join', chat_id: STREAM_CHAT_ID },
      ]),
    );
  });

  it('sends text to the stream chat and shows it as the viewer’s', async () => {
    const { calls } = renderWithChat();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'Great stream{Enter}');
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(await within(log).findByText('Great stream')).toBeVisible();
    expect(within(log).getByText('You')).toBeVisible();
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`/api/messages/send/channel/${STREAM_CHAT_ID}`);
    expect(sent[0]!.body).toMatchObject({ message: 'Great stream' });
    expect(input).toHaveValue('');
  });

  it('shows messages and tips that arrive by event, once, and ignores other chats', async () => {
    renderWithChat();
    await screen.findByRole('log', { name: 'Chat messages' });
    const tip = chatMessage(2, {
      type: 'user_tip',
      message: 'Keep going',
      meta: { tip: { amount: 5 }, buyer: { name: 'Anna Karenina' } },
    });
    fakeServer.emit('message.created', {
      chat_id: STREAM_CHAT_ID,
      message_id: 2,
      sender_id: 42,
      message: tip,
    });
    fakeServer.emit('message.created', {
      chat_id: STREAM_CHAT_ID,
      message_id: 2,
      sender_id: 42,
      message: tip,
    });
    fakeServer.emit('message.created', {
      chat_id: 999,
      message_id: 3,
      sender_id: 42,
      message: chatMessage(3, { chat_id: 999, message: 'Elsewhere' }),
    });
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(within(log).getAllByText('Anna Karenina tipped $5.00')).toHaveLength(1);
    expect(within(log).getByText('Keep going')).toBeVisible();
    expect(within(log).queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  it("offers viewers a tip button for the creator, which opens the tip sheet for the stream's chat", async () => {
    renderWithChat();
    await userEvent.click(await screen.findByRole('button', { name: 'Tip Grace Hopper' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });
});
