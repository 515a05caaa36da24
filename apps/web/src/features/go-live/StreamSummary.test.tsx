import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, fakeStreams } from '../../test/fake-realtime.ts';
import { FakeWebSocket, installFakeIngest, uninstallFakeIngest } from './test/fake-ingest.ts';
import { makeOwnStream, OWN_STREAM_ID, renderGoLive } from './test/render-go-live.tsx';

beforeEach(() => {
  fakeStreams.reset();
  installFakeIngest();
});
afterEach(() => uninstallFakeIngest());

async function goLiveAndCount(viewers: number[]) {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Evening talk');
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Start streaming' })).toBeEnabled(),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Start streaming' }));
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  act(() => FakeWebSocket.latest().serverOpen());
  for (const count of viewers) {
    fakeServer.emit('stream.viewers', { stream_id: OWN_STREAM_ID, viewers: count });
  }
}

const summary = () => screen.getByRole('region', { name: 'Your stream has ended' });

describe("the creator's screen after a stream (issue 25, defect 7)", () => {
  it('sums the stream up (duration, most viewers at once) instead of an empty camera preview', async () => {
    renderGoLive({
      handlers: {
        [`DELETE /api/streams/${OWN_STREAM_ID}`]: {
          body: makeOwnStream({
            status: 'ended',
            started_at: '2026-11-27T18:00:00.000Z',
            ended_at: '2026-11-27T18:12:05.000Z',
          }),
        },
      },
    });
    await goLiveAndCount([2, 4, 3]);
    expect(screen.getByLabelText('Your camera')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'End stream' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'End the stream?' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );

    expect(await screen.findByRole('heading', { name: 'Your stream has ended' })).toBeVisible();
    expect(within(summary()).getByText('Evening talk')).toBeVisible();
    expect(within(summary()).getByText('Duration').nextSibling).toHaveTextContent('12 min 5 s');
    expect(within(summary()).getByText('Most viewers at once').nextSibling).toHaveTextContent('4');
    // No black box where the camera was: the preview is gone with the camera.
    expect(screen.queryByLabelText('Your camera')).not.toBeInTheDocument();
    expect(within(summary()).getByRole('link', { name: 'Back to my profile' })).toHaveAttribute(
      'href',
      '/me',
    );
  });

  it('reads the end time once more when the server ended the stream', async () => {
    const { calls } = renderGoLive({
      handlers: {
        [`GET /api/streams/${OWN_STREAM_ID}`]: {
          body: makeOwnStream({
            status: 'ended',
            record: true,
            started_at: '2026-11-27T18:00:00.000Z',
            ended_at: '2026-11-27T19:05:30.000Z',
          }),
        },
      },
    });
    await goLiveAndCount([1]);
    fakeServer.emit('stream.ended', { stream_id: OWN_STREAM_ID, user_id: 1 });
    await screen.findByRole('heading', { name: 'Your stream has ended' });
    await waitFor(() =>
      expect(within(summary()).getByText('Duration').nextSibling).toHaveTextContent('1 h 5 min'),
    );
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      `GET /api/streams/${OWN_STREAM_ID}`,
    );
    expect(
      within(summary()).getByText(
        'Your recording becomes a story on your profile once it is ready.',
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Your camera')).not.toBeInTheDocument();
  });
});
