import { describe, expect, it } from 'vitest';
import { decideUploadOwn, uploadFacts } from './upload.permissions.ts';

const OWNER = 12;
const OTHER = 3;
const ID = `${OWNER}-${'a'.repeat(32)}`;

async function fact(id: string) {
  const [upload] = await uploadFacts(null, OWNER, [id]);
  return upload!;
}

describe('upload.own', () => {
  it('is the uploader’s, named by the id’s prefix', async () => {
    expect(decideUploadOwn(await fact(ID), OWNER)).toBe('allow');
    expect(decideUploadOwn(await fact(ID), OTHER)).toBe('hidden');
    expect(decideUploadOwn(await fact(ID), null)).toBe('hidden');
  });

  it('hides ids not of the issued form from everyone', async () => {
    for (const id of [
      '',
      '12',
      `12-${'a'.repeat(31)}`,
      `12-${'A'.repeat(32)}`,
      `x12-${'a'.repeat(32)}`,
    ])
      expect(decideUploadOwn(await fact(id), OWNER)).toBe('hidden');
    // `1` is not `12`, nor `012`: the whole prefix must spell the uploader's id.
    expect(decideUploadOwn(await fact(ID), 1)).toBe('hidden');
    expect(decideUploadOwn(await fact(`0${ID}`), OWNER)).toBe('hidden');
  });
});
