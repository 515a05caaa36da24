import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, fakeStreams } from '../../test/fake-realtime.ts';
import FakeHls from './test/fake-hls.ts';
import { CREATOR_ID, makeStream, STREAM_ID } from './test/live-fixtures.ts';
import { installVideoStubs, renderWatch } from './test/render-watch.tsx';

beforeEach(() => {
  fakeStreams.reset();
  FakeHls.reset();
});

const streamPath = `GET /api/users/${CREATOR_ID}/stream`;

describe('looking the stream up', () => {
  it('goes to 404 when the slug is unknown', async () => {
    const { location } = renderWatch({
      handlers: {
        'GET /api/users/slug/grace': { status: 404, body: { err_key: 'user_not_found' } },
      },
    });
    expect(await screen.findByText('landed on /404')).toBeInTheDocument();
    expect(location.pathname).toBe('/404');
  });

  it('says "Not live right now" with a link to the profile when there is no stream', async () => {
    renderWatch({
      handlers: { [streamPath]: { status: 404, body: { err_key: 'stream_not_found' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Not live right now' })).toBeVisible();
    expect(screen.getByRole('link', { name: "Open Grace Hopper's profile" })).toHaveAttribute(
      'href',
      '/u/grace',
    );
  });

  it('says who may watch a followers-only stream', async () => {
    renderWatch({
      handlers: {
        [streamPath]: {
          body: makeStream({ isAvailable: false, audience: 'followers', playback_url: null }),
        },
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Only followers can watch this stream' }),
    ).toBeVisible();
  });
});

describe('back', () => {
  it('goes home when opened from the Streams tab', async () => {
    installVideoStubs();
    renderWatch({ path: '/u/grace/streams?fromHome=1' });
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/');
    fireEvent.click(back);
    expect(await screen.findByText('landed on /')).toBeInTheDocument();
  });

  it("goes to the creator's profile otherwise", async () => {
    installVideoStubs();
    renderWatch();
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/u/grace');
  });
});

describe('pay to watch', () => {
  const priced = makeStream({
    isAvailable: false,
    needsPayment: true,
    price: 4.99,
    playback_url: null,
  });

  it('pays once with an Idempotency-Key, then plays', async () => {
    installVideoStubs();
    let paid = false;
    const { calls, fetchMock } = renderWatch({
      handlers: {
        [streamPath]: () => ({ body: paid ? makeStream() : priced }),
        [`POST /api/streams/${STREAM_ID}/enter`]: () => {
          paid = true;
          return { body: { status: true } };
        },
      },
    });
    expect(await screen.findByText(/costs \$4\.99, paid once/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $4.99 to watch' }));
    expect(await screen.findByTestId('live-video')).toBeInTheDocument();
    const enter = calls.filter((call) => call.url === `/api/streams/${STREAM_ID}/enter`);
    expect(enter).toHaveLength(1);
    const init = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/enter'))?.[1];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('offers a top-up when the wallet is short', async () => {
    renderWatch({
      handlers: {
        [streamPath]: { body: priced },
        [`POST /api/streams/${STREAM_ID}/enter`]: {
          body: { status: false, err_key: 'insufficient_funds' },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $4.99 to watch' }));
    expect(await screen.findByRole('dialog', { name: 'Not enough money' })).toBeVisible();
    expect(screen.queryByTestId('live-video')).not.toBeInTheDocument();
  });
});

describe('the player', () => {
  it('plays the playback URL with hls.js tuned for low latency, muted', async () => {
    installVideoStubs();
    renderWatch();
    const video = (await screen.findByTestId('live-video')) as HTMLVideoElement;
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    expect(hls.sources).toEqual(['/media/live/5/index.m3u8?t=first']);
    expect(hls.media).toBe(video);
    expect(hls.config).toMatchObject({
      lowLatencyMode: true,
      liveSyncDuration: 1,
      liveSyncOnStallIncrease: 0.25,
      maxLiveSyncPlaybackRate: 1.5,
    });
    expect(video.muted).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Turn the sound on' }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Turn the sound off' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('fetches a fresh URL after a 403 and loads it into the running player', async () => {
    installVideoStubs();
    const { calls } = renderWatch({
      handlers: {
        [`GET /api/streams/${STREAM_ID}`]: {
          body: makeStream({ playback_url: '/media/live/5/index.m3u8?t=fresh' }),
        },
      },
    });
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    hls.fail({ type: 'networkError', fatal: true, response: { url: 'x', code: 403 } });
    await waitFor(() =>
      expect(hls.sources).toEqual([
        '/media/live/5/index.m3u8?t=first',
        '/media/live/5/index.m3u8?t=fresh',
      ]),
    );
    expect(hls.startLoad).toHaveBeenCalled();
    expect(FakeHls.instances).toHaveLength(1);
    expect(calls.filter((call) => call.url === `/api/streams/${STREAM_ID}`)).toHaveLength(1);
  });

  it('uses native HLS where the browser has it and no Media Source Extensions', async () => {
    installVideoStubs({ nativeHls: true, mediaSource: false });
    renderWatch();
    const video = (await screen.findByTestId('live-video')) as HTMLVideoElement;
    await waitFor(() => expect(video.getAttribute('src')).toBe('/media/live/5/index.m3u8?t=first'));
    expect(FakeHls.instances).toHaveLength(0);
  });
});

describe('being a viewer', () => {
  it('watches on open and after a reconnect, counts viewers from events, leaves on close', async () => {
    installVideoStubs();
    fakeStreams.watchAnswer = { ok: true, viewers: 7 };
    const { unmount } = renderWatch();
    expect(await screen.findByText('7 watching')).toBeVisible();
    expect(fakeStreams.sent).toEqual([{ event: 'stream.watch', stream_id: STREAM_ID }]);
    fakeServer.emit('stream.viewers', { stream_id: STREAM_ID, viewers: 12 });
    expect(screen.getByText('12 watching')).toBeVisible();
    fakeServer.emit('stream.viewers', { stream_id: 99, viewers: 1 });
    expect(screen.getByText('12 watching')).toBeVisible();
    fakeServer.reconnect();
    await waitFor(() => expect(fakeStreams.sent).toHaveLength(2));
    unmount();
    // Sent once the socket promise settles, a moment after the unmount.
    await waitFor(() =>
      expect(fakeStreams.sent.at(-1)).toEqual({ event: 'stream.leave', stream_id: STREAM_ID }),
    );
  });

  it('stops the player and says the stream ended on stream.ended', async () => {
    installVideoStubs();
    renderWatch();
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    fakeServer.emit('stream.ended', { stream_id: STREAM_ID + 1, user_id: 9 });
    expect(screen.queryByText('This stream has ended')).not.toBeInTheDocument();
    fakeServer.emit('stream.ended', { stream_id: STREAM_ID, user_id: CREATOR_ID });
    expect(await screen.findByText('This stream has ended')).toBeVisible();
    expect(FakeHls.instances[0]!.destroyed).toBe(true);
    expect(screen.queryByRole('button', { name: 'Turn the sound on' })).not.toBeInTheDocument();
  });

  it('says so on the stage when the player finds the stream ended before stream.ended comes', async () => {
    installVideoStubs();
    renderWatch({
      handlers: {
        [`GET /api/streams/${STREAM_ID}`]: {
          body: makeStream({ status: 'ended', playback_url: null }),
        },
      },
    });
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    // The playlist is gone: the player's reload asks for the stream, which has ended.
    FakeHls.instances[0]!.fail({
      type: 'networkError',
      fatal: true,
      response: { url: 'x', code: 404 },
    });
    const ended = await within(screen.getByRole('main')).findByRole('status');
    expect(ended).toHaveTextContent('This stream has ended');
    expect(screen.getByRole('link', { name: 'Leave' })).toBeInTheDocument();
    expect(FakeHls.instances[0]!.destroyed).toBe(true);
  });
});
