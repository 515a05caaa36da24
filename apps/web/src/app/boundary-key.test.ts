import { describe, expect, it } from 'vitest';
import { boundaryKey } from './boundary-key.ts';

describe('the root error boundary key', () => {
  it('stays the same across the chats of one messaging section', () => {
    expect(boundaryKey('/messages')).toBe('/messages');
    expect(boundaryKey('/messages/42')).toBe('/messages');
    expect(boundaryKey('/channels/9')).toBe('/channels');
  });

  it('is the path everywhere else', () => {
    expect(boundaryKey('/me/edit')).toBe('/me/edit');
    expect(boundaryKey('/messagesx')).toBe('/messagesx');
    expect(boundaryKey('/u/ada')).toBe('/u/ada');
  });
});
