import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, fakeStreams } from '../../test/fake-realtime.ts';
import FakeHls from './test/fake-hls.ts';
import { STREAM_ID } from './test/live-fixtures.ts';
import { installVideoStubs, renderWatch } from './test/render-watch.tsx';

beforeEach(() => {
  fakeServer.reset();
  fakeStreams.reset();
  FakeHls.reset();
});

describe('a stream taken down while watched (issue 29)', () => {
  it('shows the ended state on content.removed, even before stream.ended comes', async () => {
    installVideoStubs();
    renderWatch();
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    // Another stream, and a story or message sharing the id, are not this one.
    fakeServer.emit('content.removed', { kind: 'stream', id: STREAM_ID + 1 });
    fakeServer.emit('content.removed', { kind: 'story', id: STREAM_ID });
    expect(screen.queryByText('This stream has ended')).not.toBeInTheDocument();
    fakeServer.emit('content.removed', { kind: 'stream', id: STREAM_ID });
    expect(await screen.findByText('This stream has ended')).toBeVisible();
    expect(FakeHls.instances[0]!.destroyed).toBe(true);
  });
});
