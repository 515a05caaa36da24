import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeChatState, makeMessage, ME_ID } from './test/chat-fixtures.ts';
import { renderChat } from './test/chat-test-utils.tsx';
import { fakeServer } from '../../test/fake-realtime.ts';

beforeEach(() => fakeServer.reset());

const bubbleOf = (text: string) => screen.getByText(text).closest('li')!;

describe('a reply to a story in the chat', () => {
  it('quotes the story above the text, with its picture, for both sides', async () => {
    renderChat({
      state: makeChatState({
        messages: [
          makeMessage(1, {
            message: 'Lovely light!',
            reply_to_story: { id: 7, thumb_url: '/media/7.webp&w=240', available: true },
          }),
          makeMessage(2, {
            user_id: ME_ID,
            message: '🔥',
            reply_to_story: { id: 8, thumb_url: '/media/8.webp&w=240', available: true },
          }),
          makeMessage(3, { message: 'A plain message' }),
        ],
      }),
    });
    await screen.findByText('Lovely light!');
    const theirs = within(bubbleOf('Lovely light!')).getByTestId('story-reply-quote');
    expect(theirs).toHaveTextContent('Replied to your story');
    expect(theirs.querySelector('img')).toHaveAttribute('src', '/media/7.webp&w=240');
    // Above the text, inside the same bubble.
    const text = screen.getByText('Lovely light!');
    expect(theirs.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(bubbleOf('🔥')).getByTestId('story-reply-quote')).toHaveTextContent(
      'You replied to their story',
    );
    expect(within(bubbleOf('A plain message')).queryByTestId('story-reply-quote')).toBeNull();
  });

  it('says a deleted story is no longer available, and shows a locked one without its picture', async () => {
    renderChat({
      state: makeChatState({
        messages: [
          makeMessage(1, {
            message: 'Where did it go?',
            reply_to_story: { id: 7, thumb_url: null, available: false },
          }),
          makeMessage(2, {
            message: 'How much is it?',
            reply_to_story: { id: 9, thumb_url: null, available: true },
          }),
        ],
      }),
    });
    await screen.findByText('Where did it go?');
    const gone = within(bubbleOf('Where did it go?')).getByTestId('story-reply-quote');
    expect(gone).toHaveTextContent('Story no longer available');
    expect(gone.querySelector('img')).toBeNull();
    const locked = within(bubbleOf('How much is it?')).getByTestId('story-reply-quote');
    expect(locked).toHaveTextContent('Replied to your story');
    expect(locked.querySelector('img')).toBeNull();
  });
});
