import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeChatStory } from '../chat-media/test/messages.ts';
import { makeChatState, makeMessage } from './test/chat-fixtures.ts';
import { renderChat } from './test/chat-test-utils.tsx';
import { fakeServer } from '../../test/fake-realtime.ts';

// The socket is the boundary: the test plays the server sending `content.removed` (issue 29).
beforeEach(() => fakeServer.reset());

const theirs = (id: number, text: string) => makeMessage(id, { message: text });
const bubbleOf = (text: string) => screen.getByText(text).closest('li')!;

describe('the open chat and content taken down by a moderator', () => {
  it('shows a removed message as removed, content gone, and ignores other chats', async () => {
    renderChat({
      state: makeChatState({ messages: [theirs(1, 'Scam link here'), theirs(2, 'Still here')] }),
    });
    await screen.findByText('Scam link here');
    fakeServer.emit('content.removed', { kind: 'message', id: 2, chat_id: 8 });
    fakeServer.emit('content.removed', { kind: 'message', id: 1, chat_id: 7 });
    expect(await screen.findByText('This message was deleted')).toBeInTheDocument();
    expect(screen.queryByText('Scam link here')).toBeNull();
    expect(screen.getByText('Still here')).toBeInTheDocument();
  });

  it("shows a removed story's card and a reply's quote of it as unavailable", async () => {
    const story = makeChatStory({ id: 31 });
    renderChat({
      state: makeChatState({
        messages: [
          makeMessage(1, { type: 'story', message: '', story_id: 31, story }),
          makeMessage(2, {
            message: 'Love this one',
            reply_to_story: { id: 31, thumb_url: '/media/31.webp&w=240', available: true },
          }),
          makeMessage(3, {
            type: 'story',
            message: '',
            story_id: 32,
            story: makeChatStory({ id: 32, text: 'Another story' }),
          }),
        ],
      }),
    });
    expect(await screen.findAllByRole('button', { name: /story/i })).toHaveLength(2);
    fakeServer.emit('content.removed', { kind: 'story', id: 31 });
    expect(await screen.findByText('This story is no longer available.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /story/i })).toHaveLength(1);
    const quote = within(bubbleOf('Love this one')).getByTestId('story-reply-quote');
    expect(quote).toHaveTextContent('Story no longer available');
    expect(quote.querySelector('img')).toBeNull();
  });
});
