import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePublicProfile } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { ChatOverlay } from '../chat/index.ts';
import { ProfileActions } from './ProfileActions.tsx';

describe('ProfileActions', () => {
  it('loads both chunks of the conversation once a pointer comes over "Send message"', async () => {
    // The chat's public face, as ProfileActions loads it: its conversation overlay, whose own
    // chunk is left unloaded here.
    const conversation = vi.spyOn(ChatOverlay, 'prefetch').mockImplementation(() => undefined);
    renderScreen(<ProfileActions profile={makePublicProfile()} />);
    expect(conversation).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Send message' }));
    // The chat's public face arrives, and asks for the conversation's own chunk at once.
    await waitFor(() => expect(conversation).toHaveBeenCalledTimes(1));
  });
});
