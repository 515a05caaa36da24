/** The ffmpeg demuxers a voice message may be read with, chosen from its sniffed bytes. */
export type AudioContainer = 'matroska' | 'mov' | 'ogg' | 'mp3' | 'wav';

/** Voice is mono speech: 80 kb/s AAC-LC is clear and about 1.2 MB for the longest message. */
export const VOICE_BITRATE = '80k';
export const VOICE_SAMPLE_RATE = '48000';

/**
 * Hardened input options shared by ffmpeg and ffprobe, as video-args.ts has them: the demuxer
 * is forced to the sniffed container (no probing into playlists or concat lists), only plain
 * files may be opened, and an ISO-BMFF file may not pull samples from another file.
 */
function hardenedDemuxer(container: AudioContainer): string[] {
  const mov = container === 'mov' ? ['-enable_drefs', '0', '-use_absolute_path', '0'] : [];
  return ['-protocol_whitelist', 'file', '-f', container, ...mov];
}

// Argument lists are kept one flag and its value per line pair by hand, as in video-args.ts.

// prettier-ignore
export function audioProbeArgs(container: AudioContainer, file: string): string[] {
  return ['-v', 'error', ...hardenedDemuxer(container), '-print_format', 'json', '-show_format', '-show_streams', file];
}

/**
 * The first audio stream only (a cover picture or a camera track is dropped), as mono AAC in
 * an mp4 with its index up front, so it plays while it downloads in every browser. No metadata
 * (device, location, encoder tags) is carried over. `limitSeconds` caps the output, so a file
 * that does not declare its length (a streamed webm) cannot keep the encoder busy for long.
 */
// prettier-ignore
export function voiceTranscodeArgs(
  container: AudioContainer,
  file: string,
  output: string,
  limitSeconds: number,
): string[] {
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    ...hardenedDemuxer(container), '-i', file,
    '-map_metadata', '-1', '-map_chapters', '-1',
    '-t', String(limitSeconds),
    '-map', '0:a:0', '-vn', '-sn', '-dn',
    '-ac', '1', '-ar', VOICE_SAMPLE_RATE,
    '-c:a', 'aac', '-b:a', VOICE_BITRATE,
    '-movflags', '+faststart',
    '-f', 'mp4', '-y', output,
  ];
}
