/** One ISO base media (mp4/QuickTime) box: its type, where it starts, and its total size. */
export interface Mp4Box {
  type: string;
  start: number;
  size: number;
  /** Where the payload starts (after the 8- or 16-byte header). */
  payloadStart: number;
  children: Mp4Box[];
}

/** Boxes that hold only other boxes; `meta` has a 4-byte version/flags field first. */
const CONTAINERS = new Set([
  'moov',
  'trak',
  'mdia',
  'minf',
  'dinf',
  'stbl',
  'udta',
  'edts',
  'meta',
  'ilst',
]);

/**
 * Parses boxes between `start` and `end` by their size fields (32-bit, 64-bit `largesize`, or 0
 * meaning "to the end"), the way a demuxer does. Throws on a size that does not fit, so a
 * malformed file cannot pass a test by accident.
 */
export function parseBoxes(data: Buffer, start = 0, end = data.length): Mp4Box[] {
  const boxes: Mp4Box[] = [];
  let offset = start;
  while (offset < end) {
    if (offset + 8 > end) throw new Error(`truncated box header at ${offset}`);
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end)
      throw new Error(`box ${type} at ${offset} has bad size ${size}`);
    const payloadStart = offset + header + (type === 'meta' ? 4 : 0);
    const children = CONTAINERS.has(type) ? parseBoxes(data, payloadStart, offset + size) : [];
    boxes.push({ type, start: offset, size, payloadStart, children });
    offset += size;
  }
  return boxes;
}

/** Every box in the tree, depth first. */
export function allBoxes(boxes: Mp4Box[]): Mp4Box[] {
  return boxes.flatMap((box) => [box, ...allBoxes(box.children)]);
}

/** Top-level box types in file order, e.g. ['ftyp', 'moov', 'mdat']. */
export function topLevelTypes(data: Buffer): string[] {
  return parseBoxes(data).map((box) => box.type);
}
