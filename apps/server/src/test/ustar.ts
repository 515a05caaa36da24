/**
 * Tests only: rewrites a ustar archive (PGlite's `dumpDataDir('none')`) member by member, to
 * leave files out of the test template or cut them short (database-template.ts).
 */

const BLOCK = 512;

export interface UstarMember {
  /** The path as stored, with PGlite's leading slash: `/pg_wal/000000010000000000000002`. */
  name: string;
  data: Uint8Array;
}

function text(block: Uint8Array, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
}

/** Rewrites the size field of a header and its checksum (the header's byte sum, field blank). */
function withSize(header: Uint8Array, size: number): Uint8Array {
  const copy = header.slice();
  copy.set(new TextEncoder().encode(`${size.toString(8).padStart(11, '0')}\0`), 124);
  copy.fill(0x20, 148, 156);
  const sum = copy.reduce((total, byte) => total + byte, 0);
  copy.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
  return copy;
}

/**
 * Copies `archive`, asking `keep` about every regular file: false leaves it out, a shorter
 * `Uint8Array` replaces its content, true keeps it. Directories and other entries stay.
 */
export function filterUstar(
  archive: Uint8Array,
  keep: (member: UstarMember) => boolean | Uint8Array,
): Uint8Array {
  const parts: Uint8Array[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    if (text(header, 257, 5) !== 'ustar') throw new Error(`not a ustar header at ${offset}`);
    const prefix = text(header, 345, 155);
    const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const dataStart = offset + BLOCK;
    const data = archive.subarray(dataStart, dataStart + size);
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;

    const verdict = type === '0' || type === '\0' ? keep({ name, data }) : true;
    if (verdict === false) continue;
    const content = verdict === true ? data : verdict;
    parts.push(content === data ? header : withSize(header, content.length), content);
    const padding = (BLOCK - (content.length % BLOCK)) % BLOCK;
    if (padding) parts.push(new Uint8Array(padding));
  }
  parts.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
