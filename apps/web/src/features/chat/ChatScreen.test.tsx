import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeChannelState, makeChatState, makeMessage, makeParty } from './test/chat-fixtures.ts';
import { callsTo, renderChat } from './test/chat-test-utils.tsx';
import { fakeServer } from '../../test/fake-realtime.ts';

beforeEach(() => fakeServer.reset());

// The media feature's composer controls, in the slots the chat gives them (media-slots.tsx).
const PHOTO = 'Send a photo or video';
const MIC = 'Hold to record a voice message';
const photoButton = () => screen.getByRole('button', { name: PHOTO });
const micButton = () => screen.getByRole('button', { name: MIC });

describe('opening a chat', () => {
  it('loads the direct chat with the companion of the address and shows its messages', async () => {
    const { calls } = renderChat({
      state: makeChatState({
        messages: [
          makeMessage(1, { message: 'Hello there', date: '2025-03-03T21:05:00' }),
          makeMessage(2, { own: true, message: 'Hi Anna', date: '2025-03-03T09:07:00' }),
        ],
      }),
    });
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/chats/load')[0]!.url).toBe('/api/chats/load?user_id=42');
    // Spec 2: hour:minute am/pm.
    const hello = screen.getByText('Hello there').closest('li')!;
    expect(within(hello).getByText('9:05 pm')).toBeInTheDocument();
    const own = screen.getByText('Hi Anna').closest('li')!;
    expect(within(own).getByText('9:07 am')).toBeInTheDocument();
    expect(within(own).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    expect(fakeServer.sentOf('chat.join')).toEqual([{ event: 'chat.join', chat_id: 7 }]);
  });

  it('loads a channel by its chat id', async () => {
    const { calls } = renderChat({ channel: true, state: makeChannelState() });
    expect(await screen.findByRole('heading', { level: 1, name: /Anna Karenina/ })).toBeVisible();
    expect(callsTo(calls, 'GET', '/api/chats/load')[0]!.url).toBe('/api/chats/load?chat_id=9');
    expect(screen.getByText('Channel')).toBeInTheDocument();
  });

  it('goes to the messages list when the answer has no chat id', async () => {
    const { location } = renderChat({ state: makeChatState({ chat_id: 0 }) });
    expect(await screen.findByText('landed on /messages')).toBeInTheDocument();
    expect(location.pathname).toBe('/messages');
  });

  it('goes to 404 when the companion does not exist', async () => {
    renderChat({ state: { status: 404, body: { err_key: 'user_not_found' } } });
    expect(await screen.findByText('landed on /404')).toBeInTheDocument();
  });

  it('goes to 404 when the companion lookup says not found', async () => {
    renderChat({
      state: makeChatState(),
      companion: { status: 404, body: { err_key: 'user_not_found' } },
    });
    expect(await screen.findByText('landed on /404')).toBeInTheDocument();
  });

  it('goes back to the channel list for a channel the viewer may not open', async () => {
    renderChat({ channel: true, state: { status: 404, body: { err_key: 'chat_not_found' } } });
    expect(await screen.findByText('landed on /channels')).toBeInTheDocument();
  });

  it('leaves the chat room when the chat closes', async () => {
    const { unmount } = renderChat({ state: makeChatState() });
    await screen.findByRole('heading', { level: 1 });
    unmount();
    // Sent once the socket promise settles, a moment after the unmount.
    await waitFor(() =>
      expect(fakeServer.sentOf('chat.leave')).toEqual([{ event: 'chat.leave', chat_id: 7 }]),
    );
  });
});

describe('the chat header', () => {
  it('shows the companion with badges, the name linking to the profile, and Back to the list', async () => {
    renderChat({
      state: makeChatState({ companion: makeParty({ on_holiday_mood: true, online: true }) }),
    });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Anna Karenina' })).toHaveAttribute(
      'href',
      '/u/anna?from=chat&id=42',
    );
    expect(within(header).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(header).getByRole('img', { name: 'On holiday' })).toBeInTheDocument();
    expect(within(header).getByText('Online')).toBeInTheDocument();
    await userEvent.click(within(header).getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('landed on /messages')).toBeInTheDocument();
  });

  it('shows the owner "your channel" and the description; Back goes to the channel list', async () => {
    renderChat({
      channel: true,
      state: makeChannelState({ isChatOwner: true, description: 'Daily sketches' }),
    });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Your channel' })).toBeInTheDocument();
    expect(within(header).getByText('Daily sketches')).toBeInTheDocument();
    expect(within(header).queryByRole('link')).toBeNull();
    await userEvent.click(within(header).getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('landed on /channels')).toBeInTheDocument();
  });

  it("links a channel viewer to the owner's profile with the chat id", async () => {
    renderChat({ channel: true, state: makeChannelState() });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Anna Karenina' })).toHaveAttribute(
      'href',
      '/u/anna?from=channel&chat_id=9',
    );
  });
});

describe('channel roles in the composer', () => {
  it('gives the owner no tip button, and photo and mic slots while the input is empty', async () => {
    renderChat({ channel: true, state: makeChannelState({ isChatOwner: true }) });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('button', { name: 'Send a tip' })).toBeNull();
    expect(photoButton()).toBeInTheDocument();
    expect(micButton()).toBeInTheDocument();
    await userEvent.type(input, 'Hi');
    // A send button replaces them once there is text.
    expect(screen.queryByRole('button', { name: PHOTO })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('gives a viewer text and tip, and no photo or mic', async () => {
    renderChat({ channel: true, state: makeChannelState() });
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.getByRole('button', { name: 'Send a tip' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PHOTO })).toBeNull();
    expect(screen.queryByRole('button', { name: MIC })).toBeNull();
  });

  it('gives both sides of a direct chat tip, photo and mic', async () => {
    renderChat({ state: makeChatState() });
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.getByRole('button', { name: 'Send a tip' })).toBeInTheDocument();
    expect(photoButton()).toBeInTheDocument();
    expect(micButton()).toBeInTheDocument();
  });

  it('sends a channel tip to the channel', async () => {
    const { calls } = renderChat({
      channel: true,
      state: makeChannelState(),
      handlers: { 'POST /api/tips/channel': { body: { success: true } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a tip' }));
    const sheet = await screen.findByRole('dialog', { name: 'Tip' });
    // A channel tip is always sent: there is no request mode.
    expect(within(sheet).queryByRole('radio', { name: 'Request' })).toBeNull();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Send tip' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/tips/channel')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/tips/channel')[0]!.body).toEqual({
      chat_id: 9,
      amount: 10,
      message: '',
    });
  });
});
