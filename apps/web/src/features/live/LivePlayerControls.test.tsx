import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeChatState, makeMessage } from '../chat/test/chat-fixtures.ts';
import { fakeServer, fakeStreams } from '../../test/fake-realtime.ts';
import FakeHls from './test/fake-hls.ts';
import { matchOnlyMediaQueries } from '../../test/media-queries.ts';
import { FINE_POINTER_QUERY } from '../../ui/use-media-query.ts';
import { CREATOR_ID, STREAM_CHAT_ID, STREAM_ID } from './test/live-fixtures.ts';
import { installVideoStubs, renderWatch } from './test/render-watch.tsx';

beforeEach(() => {
  fakeStreams.reset();
  FakeHls.reset();
  installVideoStubs();
});

/** Events still due when a test ends: cleared, so none fires after the environment is gone. */
const pendingFullscreenEvents = new Set<ReturnType<typeof setTimeout>>();

/** jsdom has no Fullscreen API: a browser's, on the document and every element. */
function installFullscreenApi() {
  let current: Element | null = null;
  // As browsers do: the element changes at once, the event follows a frame later.
  const change = () => {
    const timer = setTimeout(() => {
      pendingFullscreenEvents.delete(timer);
      act(() => void document.dispatchEvent(new Event('fullscreenchange')));
    }, 16);
    pendingFullscreenEvents.add(timer);
  };
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => current });
  const enter = (element: Element) => {
    current = element;
    change();
    return Promise.resolve();
  };
  const request = vi.fn(function (this: Element) {
    return enter(this);
  });
  const exit = vi.fn(() => {
    current = null;
    change();
    return Promise.resolve();
  });
  Object.defineProperty(Element.prototype, 'requestFullscreen', {
    configurable: true,
    value: request,
  });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
  return { request, exit, element: () => current };
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const timer of pendingFullscreenEvents) clearTimeout(timer);
  pendingFullscreenEvents.clear();
  for (const name of ['fullscreenEnabled', 'fullscreenElement', 'exitFullscreen']) {
    Reflect.deleteProperty(document, name);
  }
  Reflect.deleteProperty(Element.prototype, 'requestFullscreen');
});

const chat = () => screen.getByRole('region', { name: 'Live chat' });

describe('when the stream ends (issue 25, defect 7)', () => {
  it('closes the chat: no typing, sending or tipping, says "Stream ended", drops the watching count', async () => {
    fakeStreams.watchAnswer = { ok: true, viewers: 1 };
    renderWatch({
      handlers: {
        'GET /api/chats/load': {
          body: makeChatState({
            chat_id: STREAM_CHAT_ID,
            messages: [makeMessage(1, { chat_id: STREAM_CHAT_ID, message: 'See you all' })],
            isBroadcastingChannel: true,
          }),
        },
      },
    });
    expect(await screen.findByText('1 watching')).toBeVisible();
    const input = await within(chat()).findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'half a sentence');
    const tip = within(chat()).getByRole('button', { name: 'Tip Grace Hopper' });
    expect(tip).toBeEnabled();

    fakeServer.emit('stream.ended', { stream_id: STREAM_ID, user_id: CREATOR_ID });

    expect(await within(chat()).findByRole('status')).toHaveTextContent(
      'Stream ended The chat is closed: messages and tips are off.',
    );
    expect(input).toBeDisabled();
    expect(input).toHaveValue('');
    expect(within(chat()).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(tip).toBeDisabled();
    expect(screen.queryByText(/watching/)).not.toBeInTheDocument();
    // What was said stays readable.
    expect(within(chat()).getByText('See you all')).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent('This stream has ended');
  });
});

describe('tap to unmute', () => {
  it('starts muted with a hint over the video that turns the sound on and goes away', async () => {
    renderWatch();
    const video = (await screen.findByTestId('live-video')) as HTMLVideoElement;
    const hint = await screen.findByRole('button', { name: 'Tap to unmute' });
    expect(video.muted).toBe(true);
    await userEvent.click(hint);
    expect(video.muted).toBe(false);
    expect(screen.queryByRole('button', { name: 'Tap to unmute' })).not.toBeInTheDocument();
    // Sound off again by choice: the hint stays away.
    await userEvent.click(screen.getByRole('button', { name: 'Turn the sound off' }));
    expect(video.muted).toBe(true);
    expect(screen.queryByRole('button', { name: 'Tap to unmute' })).not.toBeInTheDocument();
  });

  it('goes away too when the sound button turns the sound on', async () => {
    renderWatch();
    expect(await screen.findByRole('button', { name: 'Tap to unmute' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Turn the sound on' }));
    expect(screen.queryByRole('button', { name: 'Tap to unmute' })).not.toBeInTheDocument();
  });

  it('says "click" to a mouse', async () => {
    matchOnlyMediaQueries(FINE_POINTER_QUERY);
    renderWatch();
    expect(await screen.findByRole('button', { name: 'Click to unmute' })).toBeVisible();
  });

  it('is not offered once the stream has ended', async () => {
    renderWatch();
    expect(await screen.findByRole('button', { name: 'Tap to unmute' })).toBeVisible();
    fakeServer.emit('stream.ended', { stream_id: STREAM_ID, user_id: CREATOR_ID });
    expect(screen.queryByRole('button', { name: 'Tap to unmute' })).not.toBeInTheDocument();
  });
});

describe('full screen', () => {
  it('has no full-screen button where the browser has no Fullscreen API', async () => {
    renderWatch();
    await screen.findByTestId('live-video');
    expect(screen.queryByRole('button', { name: 'Full screen' })).not.toBeInTheDocument();
  });

  it('puts the player (video and controls) in full screen and back, by button and by "f"', async () => {
    const api = installFullscreenApi();
    renderWatch();
    const video = await screen.findByTestId('live-video');
    const player = video.parentElement!;
    await userEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(api.element()).toBe(player);
    const exitButton = await screen.findByRole('button', { name: 'Exit full screen' });
    await userEvent.click(exitButton);
    expect(api.element()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Full screen' })).toBeVisible();

    await userEvent.keyboard('f');
    expect(api.element()).toBe(player);
    await userEvent.keyboard('f');
    expect(api.element()).toBeNull();
    // A key right after leaving, before the browser's change event: it enters again.
    await userEvent.keyboard('f');
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('f');
    expect(api.element()).toBe(player);
  });

  it('leaves full screen on Esc, and "f" typed into the chat is only a letter', async () => {
    const api = installFullscreenApi();
    renderWatch();
    await screen.findByTestId('live-video');
    await userEvent.keyboard('f');
    expect(api.element()).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(api.exit).toHaveBeenCalled();
    expect(api.element()).toBeNull();

    const input = await within(chat()).findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'fff');
    expect(input).toHaveValue('fff');
    expect(api.request).toHaveBeenCalledTimes(1);
  });

  it('leaves full screen when the screen goes away', async () => {
    const api = installFullscreenApi();
    const { unmount } = renderWatch();
    await screen.findByTestId('live-video');
    fireEvent.keyDown(document.body, { key: 'f' });
    await waitFor(() => expect(api.element()).not.toBeNull());
    act(() => unmount());
    expect(api.element()).toBeNull();
  });
});
