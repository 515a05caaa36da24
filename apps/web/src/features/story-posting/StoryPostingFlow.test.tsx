import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import type * as CaptureModule from './capture.ts';
import { NewStoryButton } from './NewStoryButton.tsx';

vi.mock('./tus-upload.ts', () => ({
  uploadStoryFile: vi.fn(async () => '1-0123456789abcdef0123456789abcdef'),
}));
// jsdom decodes no media, so the size of a picked file comes from here.
vi.mock('./capture.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CaptureModule>()),
  readMediaInfo: vi.fn(async () => ({ isVideo: false, width: 1920, height: 1080 })),
}));

const photo = new File(['photo'], 'holiday.png', { type: 'image/png' });

function renderButton() {
  const user = makeUser();
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user } },
    'GET /api/tags': { body: [] },
    'POST /api/stories': { status: 201, body: { id: 3 } },
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  renderScreen(<NewStoryButton />, { queryClient });
  return fetch;
}

describe('the new story flow', () => {
  // The flow is a lazy chunk; load it once up front so the first test does not wait on it.
  beforeAll(() => import('./StoryPostingFlow.tsx'));

  beforeEach(() => {
    // jsdom has no blob URLs.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  });

  it('goes camera -> result -> form, back to the camera when the result closes', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'New story' }));
    expect(await screen.findByRole('dialog', { name: 'New story' })).toBeInTheDocument();
    // jsdom has no camera: the screen says so and still offers a file.
    expect(screen.getByRole('alert')).toHaveTextContent('cannot use a camera');

    await userEvent.upload(screen.getByLabelText('Choose from device'), photo);
    expect(await screen.findByRole('img', { name: 'Your photo' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close result' }));
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');

    await userEvent.upload(screen.getByLabelText('Choose from device'), photo);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Before posting' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the result' }));
    expect(screen.getByRole('button', { name: 'Close result' })).toBeInTheDocument();
  });

  it('closes the flow a moment after a successful post', async () => {
    const { calls } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'New story' }));
    await userEvent.upload(await screen.findByLabelText('Choose from device'), photo);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post story' }));
    expect(await screen.findByRole('button', { name: 'Posted' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/stories');
    expect(post?.body).toMatchObject({ meta: { landscape: true, front_camera: false } });
    // Still open right after success, closed once POST_SUCCESS_RESET_MS has passed.
    expect(screen.getByRole('dialog', { name: 'New story' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New story' })).toBeNull(), {
      timeout: 5_000,
    });
  });

  it('refuses a file that is neither an image nor a video', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'New story' }));
    const input = await screen.findByLabelText('Choose from device');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(
      await screen.findByText('This file type is not supported. Choose an image or a video.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
