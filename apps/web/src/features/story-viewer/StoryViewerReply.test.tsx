import type { Message } from '@glimpse/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  advance,
  currentPosition,
  makeGroup,
  makeStory,
  openViewer,
  renderViewer,
} from './test/story-viewer.test-utils.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const group = () => makeGroup({ stories: [makeStory(), makeStory({ id: 12 })] });

function replyAnswer(text: string) {
  const message: Partial<Message> = {
    id: 500,
    chat_id: 70,
    type: 'text',
    message: text,
    own: true,
  };
  return { status: 201, body: { chat_id: 70, message } };
}

const field = () => screen.getByRole('textbox', { name: 'Your reply to Ada' });
const repliesOf = (calls: { method: string; url: string; body?: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/stories/11/reply');

describe('Story viewer: replying to a story', () => {
  it('sends a reply quoting the story, confirms it with a way to the chat, and stays open', async () => {
    const { calls, location } = renderViewer({
      groups: [group()],
      extraHandlers: { 'POST /api/stories/11/reply': replyAnswer('Lovely light') },
    });
    const dialog = await openViewer();
    await userEvent.type(field(), 'Lovely light{Enter}');
    await waitFor(() => expect(repliesOf(calls)).toHaveLength(1));
    expect(repliesOf(calls)[0]?.body).toEqual({
      text: 'Lovely light',
      client_id: expect.stringMatching(/^[\w-]{16,}$/),
    });
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
    expect(field()).toHaveValue('');
    // The viewer stays, its focus back on itself so the keys work on.
    expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveFocus());

    // The snackbar sits outside the viewer, whose modal layer sets pointer-events: none on the
    // page in jsdom's eyes (sonner's own stylesheet gives toasts theirs back in a browser).
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    await waitFor(() => expect(location.pathname).toBe('/messages/1'));
  });

  it('offers quick reactions while replying; one sends that emoji alone', async () => {
    const { calls } = renderViewer({
      groups: [group()],
      extraHandlers: { 'POST /api/stories/11/reply': replyAnswer('🔥') },
    });
    await openViewer();
    expect(screen.queryByRole('group', { name: 'Quick reactions' })).toBeNull();
    await userEvent.click(field());
    const reactions = screen.getByRole('group', { name: 'Quick reactions' });
    expect(
      within(reactions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['❤️', '🔥', '😂', '😮', '👏']);
    await userEvent.click(within(reactions).getByRole('button', { name: 'React with 🔥' }));
    await waitFor(() => expect(repliesOf(calls)[0]?.body).toMatchObject({ text: '🔥' }));
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
  });

  it('holds the story while a reply is written, and the arrow keys move the caret', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderViewer({ groups: [group()] });
    await openViewer();
    await userEvent.click(field());
    await userEvent.keyboard('Hi{ArrowLeft}{ArrowRight}');
    // Longer than an image story lasts.
    advance(15_000);
    expect(currentPosition()).toBe('Story 1 of 2');
    expect(field()).toHaveValue('Hi');
  });

  it('ends the reply with Esc, not the viewer', async () => {
    const { onClose } = renderViewer({ groups: [group()] });
    const dialog = await openViewer();
    await userEvent.click(field());
    await userEvent.keyboard('{Escape}');
    expect(dialog).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'Quick reactions' })).toBeNull();
  });

  it("says why the creator's message rules refuse a reply", async () => {
    renderViewer({
      groups: [group()],
      extraHandlers: {
        'POST /api/stories/11/reply': {
          status: 400,
          body: { err_key: 'cannot_send_msg', err_msg: 'messages_turned_off' },
        },
      },
    });
    await openViewer();
    await userEvent.type(field(), 'Hello{Enter}');
    expect(await screen.findByText('Ada has turned messages off.')).toBeInTheDocument();
    expect(field()).toHaveValue('Hello');
  });

  it('offers the chat when messages to the creator must be paid for first', async () => {
    const { location } = renderViewer({
      groups: [group()],
      extraHandlers: {
        'POST /api/stories/11/reply': {
          status: 400,
          body: {
            err_key: 'should_pay_option',
            err_paid_options: [{ type: 'direct_message', price: 2.5 }],
          },
        },
      },
    });
    await openViewer();
    await userEvent.type(field(), 'Hello{Enter}');
    expect(
      await screen.findByText('Messages to Ada need a subscription or a paid message.'),
    ).toBeInTheDocument();
    // The snackbar sits outside the viewer, whose modal layer sets pointer-events: none on the
    // page in jsdom's eyes (sonner's own stylesheet gives toasts theirs back in a browser).
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    await waitFor(() => expect(location.pathname).toBe('/messages/1'));
  });

  it('offers no reply on the viewer’s own story', async () => {
    renderViewer({ groups: [makeGroup({ auth_id: 1 })] });
    await openViewer();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
