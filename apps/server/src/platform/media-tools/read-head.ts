import { open } from 'node:fs/promises';

/** How many bytes `sniffMedia` looks at: enough for every signature it knows. */
const HEAD_BYTES = 64;

/** The first bytes of a file (fewer when it is shorter), for `sniffMedia`. */
export async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
