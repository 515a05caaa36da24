/** What a file's first bytes say it is; the file name and declared type are never trusted. */
export type SniffedKind =
  | { kind: 'image'; format: 'jpeg' | 'png' | 'webp' | 'gif' | 'heif' | 'avif' }
  | { kind: 'video'; format: 'mov' | 'matroska' }
  // Containers that only ever hold sound. A Matroska/WebM or ISO-BMFF file may hold sound only
  // too (MediaRecorder's audio/webm and audio/mp4): its first bytes cannot tell, so it sniffs as
  // `video` and the audio pipeline looks inside (audio.ts).
  | { kind: 'audio'; format: 'ogg' | 'mp3' | 'wav' | 'mov' }
  | { kind: 'unknown' };

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString('latin1');
}

export function sniffMedia(head: Buffer): SniffedKind {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: 'image', format: 'jpeg' };
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { kind: 'image', format: 'png' };
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { kind: 'image', format: 'webp' };
  if (ascii(head, 0, 4) === 'GIF8') return { kind: 'image', format: 'gif' };
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (['heic', 'heix', 'mif1', 'msf1', 'heim', 'heis'].includes(brand))
      return { kind: 'image', format: 'heif' };
    if (brand === 'avif' || brand === 'avis') return { kind: 'image', format: 'avif' };
    if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', format: 'mov' };
    // ISO base media: mp4, m4v, 3gp, QuickTime. ffmpeg's "mov" demuxer reads them all.
    return { kind: 'video', format: 'mov' };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3)
    return { kind: 'video', format: 'matroska' };
  if (ascii(head, 0, 4) === 'OggS') return { kind: 'audio', format: 'ogg' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE')
    return { kind: 'audio', format: 'wav' };
  if (ascii(head, 0, 3) === 'ID3' || isMpegAudioFrame(head))
    return { kind: 'audio', format: 'mp3' };
  return { kind: 'unknown' };
}

/**
 * An MPEG audio frame header (an mp3 without an ID3 tag): 11 sync bits, then a version other
 * than "reserved" and a layer other than "reserved" (ADTS AAC uses that layer; a JPEG's
 * FF D8 fails the sync bits).
 */
function isMpegAudioFrame(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0xff || (head[1]! & 0xe0) !== 0xe0) return false;
  const version = (head[1]! >> 3) & 0b11;
  const layer = (head[1]! >> 1) & 0b11;
  const bitrate = head[2]! >> 4;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111;
}
