import { describe, expect, it } from 'vitest';
import { solidImage } from '../../test/images.ts';
import {
  FFCONCAT_LIST,
  HTML_PAGE,
  hlsPlaylist,
  SVG_WITH_SCRIPT,
} from '../../test/hostile-media.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import { sniffMedia } from './sniff.ts';

describe('sniffMedia', () => {
  it('recognises real images and videos by their first bytes', async () => {
    expect(sniffMedia(await solidImage('png'))).toEqual({ kind: 'image', format: 'png' });
    expect(sniffMedia(await solidImage('jpeg'))).toEqual({ kind: 'image', format: 'jpeg' });
    expect(sniffMedia(await makeVideo({ seconds: 1 }))).toEqual({ kind: 'video', format: 'mov' });
    expect(sniffMedia(await makeVideo({ seconds: 1, format: 'webm' }))).toEqual({
      kind: 'video',
      format: 'matroska',
    });
  });

  it.each([
    ['an HTML page', HTML_PAGE],
    ['an SVG with a script', SVG_WITH_SCRIPT],
    ['an HLS playlist', hlsPlaylist()],
    ['an ffconcat list', FFCONCAT_LIST],
    ['nothing', Buffer.alloc(0)],
  ])('calls %s unknown', (_name, bytes) => {
    expect(sniffMedia(bytes)).toEqual({ kind: 'unknown' });
  });
});
