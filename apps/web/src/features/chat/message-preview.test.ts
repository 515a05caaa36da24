import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { lastMessagePreview, pinnedPreview } from './message-preview.ts';
import { makeMessage, ME_ID } from './test/chat-fixtures.ts';

const t = i18n.t.bind(i18n);

describe('a list row preview', () => {
  it.each([
    ['text', makeMessage(1, { message: 'See you at eight' }), 'See you at eight'],
    ['a photo story', makeMessage(1, { type: 'story' }), 'Photo'],
    ['an audio', makeMessage(1, { type: 'audio', message: '' }), 'Voice message'],
    ['a tip', makeMessage(1, { type: 'user_tip', meta: { tip: { amount: 5 } } }), 'Tip $5.00'],
    [
      'a tip request',
      makeMessage(1, {
        type: 'creator_tip',
        meta: { creator_tip: { name: 'Coffee', price: 3.5, request_id: 2, status: 'pending' } },
      }),
      'Tip request $3.50',
    ],
  ])('says what %s is', (_kind, message, expected) => {
    expect(lastMessagePreview(t, message)).toBe(expected);
  });

  it('says "You:" for own messages and that there is none yet', () => {
    expect(lastMessagePreview(t, makeMessage(1, { user_id: ME_ID, message: 'Hi' }))).toBe(
      'You: Hi',
    );
    expect(lastMessagePreview(t, null)).toBe('No messages yet');
  });

  it('says a deleted message is deleted, whatever it was', () => {
    const deleted = makeMessage(1, { type: 'audio', message: '', deleted: true });
    expect(lastMessagePreview(t, deleted)).toBe('Message deleted');
    expect(lastMessagePreview(t, { ...deleted, own: true })).toBe('You: Message deleted');
  });
});

describe('the pinned preview', () => {
  it('cuts after ten characters, counting an emoji as one', () => {
    expect(pinnedPreview(t, makeMessage(1, { message: 'Good morning all' }))).toBe('Good morni…');
    expect(pinnedPreview(t, makeMessage(1, { message: '🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉' }))).toBe(
      '🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉…',
    );
    expect(pinnedPreview(t, makeMessage(1, { message: 'Ten chars!' }))).toBe('Ten chars!');
  });
});
