import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { NewStoryButton } from './NewStoryButton.tsx';
import { decodePicturesAs } from './test/fake-pictures.ts';
import { installFakeTus } from './test/fake-tus.ts';

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

  let pictures: ReturnType<typeof decodePicturesAs>;
  let tus: ReturnType<typeof installFakeTus>;
  beforeEach(() => {
    // A landscape photo: the post's meta says so.
    pictures = decodePicturesAs(1920, 1080);
    tus = installFakeTus();
  });

  it('goes camera -> result -> form, back to the camera when the result closes', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'New story' }));
    expect(await screen.findByRole('dialog', { name: 'New story' })).toBeInTheDocument();
    // jsdom has no camera: the screen says so and still offers a file.
    expect(screen.getByRole('alert')).toHaveTextContent('cannot use a camera');

    await userEvent.upload(screen.getByLabelText('Choose from device'), photo);
    const preview = (await screen.findByRole('img', { name: 'Your photo' })).getAttribute('src');
    expect(pictures.blobOf(preview)).toBe(photo);
    await userEvent.click(screen.getByRole('button', { name: 'Close result' }));
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeInTheDocument();
    expect(pictures.revokeObjectURL).toHaveBeenCalledWith(preview);

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
    expect(post?.body).toMatchObject({
      upload_id: tus.uploads[0]!.id,
      meta: { landscape: true, front_camera: false },
    });
    expect(await tus.received(tus.uploads[0]!)).toBe('photo');
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
    expect(tus.requests).toHaveLength(0);
  });
});
