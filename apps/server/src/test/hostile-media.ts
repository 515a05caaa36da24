import { parseBoxes, type Mp4Box } from './mp4-boxes.ts';

/** Uploads that try to be something they are not, or to make ffmpeg read other files. */
export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

/** An HLS playlist whose "segments" are local files. */
export function hlsPlaylist(segments: string[] = ['file:///etc/passwd']): Buffer {
  const entries = segments.map((segment) => `#EXTINF:10,\n${segment}\n`).join('');
  return Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n${entries}#EXT-X-ENDLIST\n`);
}

export const FFCONCAT_LIST = Buffer.from("ffconcat version 1.0\nfile '/etc/passwd'\n");

/** The first `fraction` of a file, as an interrupted upload leaves it. */
export function truncated(data: Buffer, fraction: number): Buffer {
  return data.subarray(0, Math.floor(data.length * fraction));
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const header = Buffer.alloc(8);
  const body = Buffer.concat(payload);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * A QuickTime alias record (the `alis` data reference) pointing at `targetPath`, laid out as
 * ffmpeg's mov demuxer reads it: fixed volume/file name fields, then typed records (2 = path).
 * nlvl_from/to = 1 ask for the target's file name next to the referencing file.
 */
function aliasReference(targetPath: string): Buffer {
  const fixed = Buffer.alloc(150);
  fixed.writeUInt16BE(1, 130); // nlvl_from
  fixed.writeUInt16BE(1, 132); // nlvl_to
  const pathBytes = Buffer.from(targetPath, 'latin1');
  const record = Buffer.alloc(4);
  record.writeUInt16BE(2, 0);
  record.writeUInt16BE(pathBytes.length, 2);
  const padding = Buffer.alloc(pathBytes.length % 2);
  const end = Buffer.from([0xff, 0xff, 0, 0]);
  return box('alis', Buffer.alloc(4), fixed, record, pathBytes, padding, end);
}

/**
 * The mp4 (moov after mdat, as ffmpeg writes it without faststart) rewritten so its video
 * samples live in another file: the data reference becomes an alias to `targetPath`, and its own
 * sample bytes are zeroed. Only a demuxer that follows the reference can decode a frame.
 */
export function externalReferenceMp4(mp4: Buffer, targetPath: string): Buffer {
  const rebuild = (boxes: Mp4Box[]): Buffer[] =>
    boxes.map((b) => {
      if (b.type === 'dref')
        return box('dref', Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), aliasReference(targetPath));
      if (b.type === 'mdat')
        return Buffer.concat([
          mp4.subarray(b.start, b.payloadStart),
          Buffer.alloc(b.start + b.size - b.payloadStart),
        ]);
      if (b.children.length > 0 && b.type !== 'meta' && b.type !== 'udta')
        return box(b.type, ...rebuild(b.children));
      return mp4.subarray(b.start, b.start + b.size);
    });
  const top = parseBoxes(mp4);
  const types = top.map((b) => b.type);
  if (types.indexOf('moov') < types.indexOf('mdat'))
    throw new Error('needs moov after mdat (offsets would move)');
  return Buffer.concat(rebuild(top));
}
