import { POST_SUCCESS_RESET_MS } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { decodePicturesAs } from '../story-posting/test/fake-pictures.ts';
import { installFakeTus } from '../story-posting/test/fake-tus.ts';
import { ChatCameraFlow } from './ChatCameraFlow.tsx';
import { installFakeMicrophone, uninstallFakeMicrophone } from './test/fake-media.ts';

const UPLOAD_ID = '1-0123456789abcdef0123456789abcdef';
const verifiedUser = makeUser({
  verified: true,
  verifyOndatoAt: '2024-05-01T10:00:00.000Z',
  subscribers: 12,
});
const photo = new File(['photo'], 'pier.jpg', { type: 'image/jpeg' });

interface Options {
  user?: ReturnType<typeof makeUser>;
  destination?: 'chat' | 'broadcast';
  answers?: Record<string, MockResponse>;
}

function renderFlow({ user = verifiedUser, destination = 'chat', answers = {} }: Options = {}) {
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user } },
    'GET /api/tags': { body: [] },
    'GET /api/verification/check': {
      body: {
        verified: Boolean(user.verifyOndatoAt),
        verifyOndatoAt: user.verifyOndatoAt,
        status: 'none',
      },
    },
    'POST /api/stories': { status: 201, body: { id: 70, is_processing: true } },
    ...answers,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  const onClose = vi.fn();
  const onPosted = vi.fn();
  renderScreen(
    <ChatCameraFlow
      open
      destination={destination}
      chatId={40}
      onClose={onClose}
      onPosted={onPosted}
    />,
    { queryClient },
  );
  const posts = () =>
    fetch.calls.filter((call) => call.method === 'POST' && call.url === '/api/stories');
  return { ...fetch, posts, onClose, onPosted };
}

async function pickPhotoAndContinue(heading = 'Send photo') {
  await userEvent.upload(await screen.findByLabelText('Choose from device'), photo);
  await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
  return screen.findByRole('heading', { name: heading });
}

describe('ChatCameraFlow', () => {
  // The flow is a lazy chunk with story-posting's pieces behind it: load them once up front.
  beforeAll(async () => {
    await Promise.all([
      import('./ChatCameraDialog.tsx'),
      import('../story-posting/story-camera.ts'),
    ]);
  }, 60_000);

  // A portrait photo, uploaded to the tus server; the JSON calls go through fetch.
  let pictures: ReturnType<typeof decodePicturesAs>;
  let tus: ReturnType<typeof installFakeTus>;
  beforeEach(() => {
    pictures = decodePicturesAs(1080, 1920);
    tus = installFakeTus();
    tus.nextId = UPLOAD_ID;
  });

  afterEach(() => {
    uninstallFakeMicrophone();
  });

  it('shows the camera, then goes 0 -> 1, back to 0 when the result closes, then 1 -> 2', async () => {
    const { getUserMedia } = installFakeMicrophone();
    renderFlow();
    expect(
      await screen.findByRole('dialog', { name: 'Photo or video for this chat' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Camera preview')).toBeInTheDocument();
    await waitFor(() =>
      expect(getUserMedia).toHaveBeenCalledWith(
        expect.objectContaining({ video: expect.objectContaining({ facingMode: 'user' }) }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Switch camera' }));
    await waitFor(() =>
      expect(getUserMedia).toHaveBeenLastCalledWith(
        expect.objectContaining({ video: expect.objectContaining({ facingMode: 'environment' }) }),
      ),
    );

    await userEvent.upload(screen.getByLabelText('Choose from device'), photo);
    const preview = (await screen.findByRole('img', { name: 'Your photo' })).getAttribute('src');
    expect(pictures.blobOf(preview)).toBe(photo);
    await userEvent.click(screen.getByRole('button', { name: 'Close result' }));
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeInTheDocument();
    expect(pictures.revokeObjectURL).toHaveBeenCalledWith(preview);

    expect(await pickPhotoAndContinue()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the result' }));
    expect(screen.getByRole('button', { name: 'Close result' })).toBeInTheDocument();
  });

  it('keeps free and the price in sync: a price above 0 unselects free, 0 or empty selects it, free clears it', async () => {
    renderFlow();
    await pickPhotoAndContinue();
    const price = screen.getByLabelText('Price');
    const free = screen.getByRole('radio', { name: 'Free' });
    expect(free).toBeChecked();
    await userEvent.type(price, '5');
    expect(free).not.toBeChecked();
    await userEvent.clear(price);
    expect(free).toBeChecked();
    await userEvent.type(price, '0');
    expect(free).toBeChecked();
    await userEvent.clear(price);
    await userEvent.type(price, '2.5');
    expect(free).not.toBeChecked();
    await userEvent.click(free);
    expect(free).toBeChecked();
    expect(price).toHaveValue(null);
  });

  it('shows max_price_error and disables posting at 50, allows 49.99', async () => {
    renderFlow();
    await pickPhotoAndContinue();
    const price = screen.getByLabelText('Price');
    await userEvent.type(price, '50');
    expect(screen.getByText('The price must be between 0 and 49.99.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.clear(price);
    await userEvent.type(price, '49.99');
    expect(screen.queryByText('The price must be between 0 and 49.99.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('locks the price without a verification date; using it runs the verification check', async () => {
    const { calls, posts } = renderFlow({ user: makeUser() });
    await pickPhotoAndContinue();
    const price = screen.getByLabelText('Price');
    expect(price).toHaveAttribute('aria-disabled', 'true');
    expect(calls.some((call) => call.url === '/api/verification/check')).toBe(false);
    await userEvent.click(price);
    expect(await screen.findByRole('dialog', { name: 'Verify your identity' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/verification/check')).toHaveLength(1);
    expect(price).toHaveValue(null);
    expect(posts()).toHaveLength(0);
  });

  it('stops posting a priced story when the verification check does not pass', async () => {
    const { posts } = renderFlow({
      answers: {
        'GET /api/verification/check': {
          body: { verified: false, verifyOndatoAt: null, status: 'rejected' },
        },
      },
    });
    await pickPhotoAndContinue();
    await userEvent.type(screen.getByLabelText('Price'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Verify your identity' })).toBeInTheDocument();
    expect(tus.requests).toHaveLength(0);
    expect(posts()).toHaveLength(0);
  });

  it('posts into the chat (and to subscribers), shows success, and closes 2 s later', async () => {
    const { posts, onPosted, onClose } = renderFlow();
    await pickPhotoAndContinue();
    await userEvent.type(screen.getByLabelText('Description'), 'Pier #sunset');
    await userEvent.type(screen.getByLabelText('Price'), '4.5');
    await userEvent.click(
      screen.getByRole('switch', { name: /Also send it to all my subscribers/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('button', { name: 'Sent' })).toBeDisabled();
    const postedAt = Date.now();
    expect(posts()[0]?.body).toMatchObject({
      upload_id: UPLOAD_ID,
      model: {
        text: 'Pier #sunset',
        tags: ['sunset'],
        price: 4.5,
        free: null,
        destination: 'chat',
        chats: [40],
        subscribers: true,
      },
      meta: { width: 1080, height: 1920 },
    });
    expect(await tus.received(tus.uploads[0]!)).toBe('photo');
    expect(onPosted).not.toHaveBeenCalled();
    expect(
      screen.getByRole('dialog', { name: 'Photo or video for this chat' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(onPosted).toHaveBeenCalledOnce(), { timeout: 5_000 });
    expect(Date.now() - postedAt).toBeGreaterThanOrEqual(POST_SUCCESS_RESET_MS - 300);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks of sending, and offers no subscribers to someone who has none', async () => {
    const { posts } = renderFlow({ user: makeUser({ subscribers: 0 }) });
    await pickPhotoAndContinue();
    expect(screen.queryByRole('heading', { name: 'Before posting' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Post story' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText(/all my subscribers/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Sent' });
    expect(posts()[0]?.body).toMatchObject({
      model: { destination: 'chat', chats: [40], subscribers: false },
    });
  });

  it('posts a free story to the own channel, without the subscribers option', async () => {
    const { posts } = renderFlow({ destination: 'broadcast' });
    expect(
      await screen.findByRole('dialog', { name: 'Photo or video for your channel' }),
    ).toBeInTheDocument();
    await pickPhotoAndContinue('Send photo to your channel');
    expect(screen.queryByRole('switch')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Sent' });
    expect(posts()[0]?.body).toMatchObject({
      model: { price: null, free: 'free', destination: 'broadcast', chats: [], subscribers: false },
    });
  });

  it('on failure labels the button, lists err_msg under the form and snackbars the first', async () => {
    const { onPosted } = renderFlow({
      answers: {
        'POST /api/stories': {
          status: 400,
          body: {
            err_key: 'max_price_error',
            err_msg: { price: ['max_price_error', 'verification_required'] },
          },
        },
      },
    });
    await pickPhotoAndContinue();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Sending failed. Try again' })).toBeEnabled();
    const list = screen.getAllByRole('alert').find((node) => node.tagName === 'UL')!;
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'The price must be between 0 and 49.99.',
      'Verify your identity first to set a price.',
    ]);
    // The first message is also the snackbar.
    await waitFor(() =>
      expect(screen.getAllByText('The price must be between 0 and 49.99.')).toHaveLength(2),
    );
    expect(screen.getAllByText('Verify your identity first to set a price.')).toHaveLength(1);
    expect(onPosted).not.toHaveBeenCalled();
  });
});
