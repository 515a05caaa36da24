import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStreams } from '../../test/fake-realtime.ts';
import { FakeVideoRecorder, FakeWebSocket, installFakeIngest } from './test/fake-ingest.ts';
import { uninstallFakeIngest } from './test/fake-ingest.ts';
import {
  INGEST_URL,
  makeOwnStream,
  OWN_STREAM_ID,
  renderGoLive,
  streamKey,
} from './test/render-go-live.tsx';

let camera: ReturnType<typeof installFakeIngest>;
beforeEach(() => {
  fakeStreams.reset();
  camera = installFakeIngest();
});
afterEach(() => uninstallFakeIngest());

async function fillAndStart(title = 'Evening talk') {
  // The form shows once the screen knows no stream is left open to take up.
  await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), title);
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Start streaming' })).toBeEnabled(),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Start streaming' }));
}

const status = () => screen.getByText(/^(Connecting…|Live|Reconnecting|Ended)/, { selector: 'p' });

describe('going live from the camera', () => {
  it('previews the camera, posts the stream and sends recorder chunks over the ingest socket', async () => {
    const { calls } = renderGoLive();
    await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalled());
    expect(camera.getUserMedia.mock.calls[0]![0]).toMatchObject({
      video: { facingMode: 'user' },
      audio: expect.anything(),
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Followers' }));
    await userEvent.click(screen.getByRole('switch', { name: /Keep a recording/ }));
    await fillAndStart();

    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/streams');
    expect(post?.body).toEqual({
      title: 'Evening talk',
      audience: 'followers',
      price: null,
      ingest: 'browser',
      record: true,
    });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(INGEST_URL);
    expect(status()).toHaveTextContent('Connecting…');
    act(() => socket.serverOpen());
    expect(status()).toHaveTextContent('Live');
    const recorder = FakeVideoRecorder.instances[0]!;
    expect(recorder.stream).toBe(camera.streams.at(-1));
    expect(recorder.mimeType).toBe('video/webm;codecs=vp8,opus');
    expect(recorder.timeslice).toBe(100);
    const chunk = recorder.chunk('webm');
    expect(socket.sent).toEqual([chunk]);
    // The creator watches their own stream's viewers and chat.
    expect(fakeStreams.sent).toContainEqual({ event: 'stream.watch', stream_id: OWN_STREAM_ID });
    expect(await screen.findByRole('region', { name: 'Live chat' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Tip/ })).not.toBeInTheDocument();
  });

  it('shows the countdown while reconnecting and goes back to Live on a new connection', async () => {
    renderGoLive();
    await fillAndStart();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.latest().serverOpen());
    act(() => FakeWebSocket.latest().serverClose(1006));
    expect(status()).toHaveTextContent('Reconnecting… the stream ends in 20 seconds');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    act(() => FakeWebSocket.latest().serverOpen());
    expect(status()).toHaveTextContent('Live');
    expect(FakeVideoRecorder.instances).toHaveLength(2);
  });

  it('ends the stream: DELETE, camera released, socket and recorder stopped', async () => {
    const { calls } = renderGoLive();
    await fillAndStart();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    await userEvent.click(screen.getByRole('button', { name: 'End stream' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'End the stream?' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Your stream has ended' })).toBeVisible();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(socket.closedWith?.code).toBe(1000);
    expect(FakeVideoRecorder.instances[0]!.state).toBe('inactive');
    await waitFor(() =>
      expect(camera.streams.every((stream) => stream.tracks.every((track) => track.stopped))).toBe(
        true,
      ),
    );
  });
});

describe('after a reload while live', () => {
  it('takes up the open camera stream: the ingest reconnects, and End ends it', async () => {
    const open = makeOwnStream({ status: 'live', title: 'Morning run' });
    const { calls } = renderGoLive({
      handlers: { 'GET /api/users/me/stream': { body: { stream: open } } },
    });
    expect(
      await screen.findByText('Your stream “Morning run” has not ended: it goes on from here.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start streaming' })).not.toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(INGEST_URL);
    act(() => socket.serverOpen());
    expect(status()).toHaveTextContent('Live');
    expect(FakeVideoRecorder.instances[0]!.stream).toBe(camera.streams.at(-1));
    expect(await screen.findByRole('region', { name: 'Live chat' })).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'End stream' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'End the stream?' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Your stream has ended' })).toBeVisible();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      `DELETE /api/streams/${OWN_STREAM_ID}`,
    );
    expect(socket.closedWith?.code).toBe(1000);
    // Going live again starts from the form; the old stream is not taken up a second time.
    await userEvent.click(screen.getByRole('button', { name: 'Go live again' }));
    expect(await screen.findByRole('button', { name: 'Start streaming' })).toBeVisible();
    expect(screen.queryByText(/has not ended: it goes on/)).not.toBeInTheDocument();
  });

  it('takes up an open OBS stream without turning the camera on', async () => {
    const open = makeOwnStream({
      status: 'starting',
      ingest: { ...makeOwnStream().ingest, kind: 'rtmp' },
    });
    renderGoLive({ handlers: { 'GET /api/users/me/stream': { body: { stream: open } } } });
    expect(
      await screen.findByText('Waiting for video from your streaming software…'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'OBS / streaming software' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'End stream' })).toBeVisible();
    expect(camera.getUserMedia).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('shows the form when the look for an open stream fails', async () => {
    renderGoLive({
      handlers: {
        'GET /api/users/me/stream': { status: 500, body: { err_key: 'internal_error' } },
      },
    });
    expect(await screen.findByRole('button', { name: 'Start streaming' })).toBeVisible();
    await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalled());
  });
});

describe('stream_already_live', () => {
  it('explains and ends the old stream on request', async () => {
    const { calls } = renderGoLive({
      handlers: {
        'POST /api/streams': { status: 409, body: { err_key: 'stream_already_live' } },
        'GET /api/users/1/stream': { body: makeOwnStream({ id: 77, status: 'live' }) },
        'DELETE /api/streams/77': { body: makeOwnStream({ id: 77, status: 'ended' }) },
      },
    });
    await fillAndStart();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('You already have a stream that has not ended');
    await userEvent.click(within(notice).getByRole('button', { name: 'End the old stream' }));
    await waitFor(() =>
      expect(screen.queryByText(/already have a stream/)).not.toBeInTheDocument(),
    );
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(
      expect.arrayContaining(['GET /api/users/1/stream', 'DELETE /api/streams/77']),
    );
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});

describe('price', () => {
  it('is locked without verification and explains why when used', async () => {
    // The check asks the server again (GET /api/auth/session): still not verified.
    const { calls } = renderGoLive();
    const price = await screen.findByRole('textbox', { name: 'Entry price' });
    expect(price).toHaveAttribute('aria-disabled', 'true');
    expect(price).toHaveAttribute('readonly');
    expect(screen.getByText('Charging for a stream needs a verified identity.')).toBeVisible();
    await userEvent.click(price);
    expect(await screen.findByRole('dialog', { name: 'Verify your identity' })).toBeVisible();
    expect(calls.some((call) => call.url === '/api/auth/session')).toBe(true);
    expect(price).toHaveValue('');
  });

  it('is sent when the creator is verified', async () => {
    const { calls } = renderGoLive({ user: { verifyOndatoAt: '2026-01-01T00:00:00.000Z' } });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Entry price' }), '4.99');
    await fillAndStart();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ price: 4.99 }),
    );
  });
});

describe('OBS / streaming software', () => {
  it('keeps the key hidden until shown, copies it, and rotates it after a confirmation', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { calls } = renderGoLive({
      handlers: {
        'POST /api/streams/key/rotate': { body: { ...streamKey, stream_key: 'sk_second_secret' } },
      },
    });
    const panel = await screen.findByRole('region', { name: 'OBS / streaming software' });
    // The region shows before its key has loaded.
    expect(await within(panel).findByRole('textbox', { name: 'Server' })).toHaveValue(
      streamKey.rtmp_url,
    );
    const key = within(panel).getByRole('textbox', { name: 'Stream key' });
    expect(key).not.toHaveValue(streamKey.stream_key);
    await userEvent.click(within(panel).getByRole('button', { name: 'Show' }));
    expect(key).toHaveValue('sk_first_secret');
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy the stream key' }));
    expect(writeText).toHaveBeenCalledWith('sk_first_secret');
    await userEvent.click(within(panel).getByRole('button', { name: 'Make a new key' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Make a new stream key?' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );
    await waitFor(() => expect(key).toHaveValue('sk_second_secret'));
    expect(calls.filter((call) => call.url === '/api/streams/key/rotate')).toHaveLength(1);
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('starts an RTMP stream without the camera and waits for the video', async () => {
    const { calls } = renderGoLive();
    await waitFor(() => expect(screen.getByRole('radio', { name: /OBS/ })).toBeEnabled());
    await userEvent.click(screen.getByRole('radio', { name: /OBS/ }));
    await fillAndStart();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        ingest: 'rtmp',
      }),
    );
    expect(
      await screen.findByText('Waiting for video from your streaming software…'),
    ).toBeVisible();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
