import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import type { Capture } from './capture.ts';
import { PostForm } from './PostForm.tsx';
import { installFakeTus } from './test/fake-tus.ts';

const verifiedUser = makeUser({ verifyOndatoAt: '2024-05-01T10:00:00.000Z', verified: true });
const unverifiedUser = makeUser();

const capture: Capture = {
  file: new File(['photo'], 'photo.jpg', { type: 'image/jpeg' }),
  isVideo: false,
  width: 1080,
  height: 1920,
  frontCamera: true,
  previewUrl: 'blob:photo',
};

const createdStory = { id: 7, is_processing: true };

function renderForm(user = verifiedUser, answers: Record<string, MockResponse> = {}) {
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user } },
    'GET /api/tags': { body: [] },
    'POST /api/stories': { status: 201, body: createdStory },
    ...answers,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  const onPosted = vi.fn();
  renderScreen(<PostForm capture={capture} onBack={vi.fn()} onPosted={onPosted} />, {
    queryClient,
  });
  return { ...fetch, onPosted };
}

const postCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/stories');

describe('PostForm', () => {
  // The upload goes to the tus server; the JSON calls go through fetch.
  let tus: ReturnType<typeof installFakeTus>;
  beforeEach(() => {
    tus = installFakeTus();
  });

  it('keeps free and the price in sync by the posting rules', async () => {
    renderForm();
    const price = screen.getByLabelText('Price');
    const free = screen.getByRole('radio', { name: 'Free' });
    expect(free).toBeChecked();
    await userEvent.type(price, '5');
    expect(free).not.toBeChecked();
    await userEvent.clear(price);
    expect(free).toBeChecked();
    await userEvent.type(price, '3');
    await userEvent.click(free);
    expect(free).toBeChecked();
    expect(price).toHaveValue(null);
  });

  it('disables posting and shows max_price_error above 49.99', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Price'), '50');
    expect(screen.getByText('The price must be between 0 and 49.99.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post story' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '49.99');
    expect(screen.queryByText('The price must be between 0 and 49.99.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Post story' })).toBeEnabled();
  });

  it('locks the price for an unverified user and explains why, without posting', async () => {
    const { calls } = renderForm(unverifiedUser);
    const price = screen.getByLabelText('Price');
    expect(price).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(price);
    const dialog = await screen.findByRole('dialog', { name: 'Verify your identity' });
    expect(dialog).toHaveTextContent('set a price on stories');
    expect(price).toHaveValue(null);
    expect(postCalls(calls)).toHaveLength(0);
    expect(tus.requests).toHaveLength(0);
  });

  it('uploads, then posts the model with tags from the hashtags, and shows success', async () => {
    const { calls, onPosted } = renderForm();
    await userEvent.type(screen.getByLabelText('Description'), 'Sunset ##Beach#gold');
    expect(screen.getByLabelText('Description')).toHaveValue('Sunset #Beach #gold');
    await userEvent.type(screen.getByLabelText('Price'), '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Post story' }));
    expect(await screen.findByRole('button', { name: 'Posted' })).toBeDisabled();
    expect(onPosted).toHaveBeenCalledOnce();
    expect(tus.uploads).toHaveLength(1);
    expect(tus.uploads[0]!.metadata).toEqual({ filename: 'photo.jpg', filetype: 'image/jpeg' });
    expect(await tus.received(tus.uploads[0]!)).toBe('photo');
    expect(postCalls(calls)[0]).toMatchObject({
      body: {
        upload_id: '1-0123456789abcdef0123456789abcdef',
        model: { text: 'Sunset #Beach #gold', tags: ['beach', 'gold'], price: 4.5, free: null },
        meta: { width: 1080, height: 1920, front_camera: true, landscape: false, muted: false },
      },
    });
  });

  it('shows upload progress as an accessible progress bar', async () => {
    const chunk = tus.holdNextChunk();
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post story' }));
    await chunk.arrived;
    // 2 of the photo's 5 bytes are on their way.
    act(() => chunk.progress(2));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Posting…' })).toBeDisabled();
    chunk.release();
    expect(await screen.findByRole('button', { name: 'Posted' })).toBeInTheDocument();
  });

  it('on failure lists err_msg under the form, snackbars the first and labels the button', async () => {
    const { onPosted } = renderForm(verifiedUser, {
      'POST /api/stories': {
        status: 403,
        body: { err_key: 'verification_required', err_msg: { price: ['verification_required'] } },
      },
    });
    await userEvent.type(screen.getByLabelText('Price'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Post story' }));
    const button = await screen.findByRole('button', { name: 'Posting failed. Try again' });
    expect(button).toBeEnabled();
    const message = 'Verify your identity first to set a price.';
    const list = screen.getAllByRole('alert').find((node) => node.tagName === 'UL')!;
    expect(within(list).getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(onPosted).not.toHaveBeenCalled();
  });

  it('shows field errors from a validation failure', async () => {
    renderForm(verifiedUser, {
      'POST /api/stories': {
        status: 400,
        body: { err_key: 'validation_failed', errors: { 'model.tags.0': ['tag_format'] } },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Post story' }));
    await screen.findByRole('button', { name: 'Posting failed. Try again' });
    const list = screen.getAllByRole('alert').find((node) => node.tagName === 'UL')!;
    expect(list).toHaveTextContent('Some fields need your attention.');
    expect(list).toHaveTextContent('Tags: Tags use letters, digits and _ only');
  });
});
