import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { ChatPhotoButton } from './ChatPhotoButton.tsx';

function renderButton(beforeOpen?: () => Promise<boolean>) {
  const user = makeUser();
  mockFetch({ 'GET /api/auth/session': { body: { user } } });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  renderScreen(<ChatPhotoButton destination="chat" chatId={40} beforeOpen={beforeOpen} />, {
    queryClient,
  });
}

describe('ChatPhotoButton', () => {
  beforeAll(async () => {
    await Promise.all([
      import('./ChatCameraDialog.tsx'),
      import('../story-posting/story-camera.ts'),
    ]);
  }, 60_000);

  it('opens the camera flow, and closes it from the camera', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Send a photo or video' }));
    expect(
      await screen.findByRole('dialog', { name: 'Photo or video for this chat' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the camera closed when the permission check says no', async () => {
    const beforeOpen = vi.fn(async () => false);
    renderButton(beforeOpen);
    await userEvent.click(screen.getByRole('button', { name: 'Send a photo or video' }));
    expect(beforeOpen).toHaveBeenCalledOnce();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send a photo or video' })).toBeEnabled();
  });
});
