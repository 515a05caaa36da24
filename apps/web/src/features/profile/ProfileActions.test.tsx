import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePublicProfile } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { ProfileActions } from './ProfileActions.tsx';

// The chat's public face, as ProfileActions loads it: a conversation overlay that can prefetch.
const conversation = vi.hoisted(() => ({ prefetch: vi.fn() }));
vi.mock('../chat/index.ts', () => ({
  ChatOverlay: Object.assign(() => null, conversation),
}));

describe('ProfileActions', () => {
  it('loads both chunks of the conversation once a pointer comes over "Send message"', async () => {
    renderScreen(<ProfileActions profile={makePublicProfile()} />);
    expect(conversation.prefetch).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Send message' }));
    // The chat's public face arrives, and asks for the conversation's own chunk at once.
    await waitFor(() => expect(conversation.prefetch).toHaveBeenCalledTimes(1));
  });
});
