import { describe, expect, it } from 'vitest';
import { solidImage } from '../../test/images.ts';
import {
  FFCONCAT_LIST,
  HTML_PAGE,
  hlsPlaylist,
  SVG_WITH_SCRIPT,
} from '../../test/hostile-media.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import { makeAudio } from '../../test/audio-fixtures.ts';
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

  it('recognises audio-only containers, and calls recorder containers by their family', async () => {
    expect(sniffMedia(await makeAudio({ format: 'ogg' }))).toEqual({
      kind: 'audio',
      format: 'ogg',
    });
    expect(sniffMedia(await makeAudio({ format: 'wav' }))).toEqual({
      kind: 'audio',
      format: 'wav',
    });
    expect(sniffMedia(await makeAudio({ format: 'mp3' }))).toEqual({
      kind: 'audio',
      format: 'mp3',
    });
    expect(sniffMedia(await makeAudio({ format: 'bare-mp3' }))).toEqual({
      kind: 'audio',
      format: 'mp3',
    });
    expect(sniffMedia(await makeAudio({ format: 'm4a' }))).toEqual({
      kind: 'audio',
      format: 'mov',
    });
    // MediaRecorder's audio/webm and Safari's audio/mp4 cannot be told from video by their head.
    expect(sniffMedia(await makeAudio({ format: 'webm' }))).toEqual({
      kind: 'video',
      format: 'matroska',
    });
    expect(sniffMedia(await makeAudio({ format: 'mp4' }))).toEqual({
      kind: 'video',
      format: 'mov',
    });
  });

  it('does not take a JPEG or an ADTS AAC stream for mp3 frames', () => {
    expect(sniffMedia(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({
      kind: 'image',
      format: 'jpeg',
    });
    expect(sniffMedia(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toEqual({ kind: 'unknown' });
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
