import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../lib/api.ts';
import { installFakeTus } from './test/fake-tus.ts';
import { uploadStoryFile } from './tus-upload.ts';

const MB = 1024 * 1024;
const file = new File(['video'], 'clip.webm', { type: 'video/webm' });

let tus: ReturnType<typeof installFakeTus>;
beforeEach(() => {
  tus = installFakeTus();
});

const methods = () => tus.requests.map((request) => request.method);

describe('uploadStoryFile', () => {
  it('uploads to /api/uploads in 5 MB chunks and answers the last URL segment', async () => {
    tus.nextId = '4-0123456789abcdef0123456789abcdef';
    const large = new File([new Uint8Array(10 * MB)], 'long.webm', { type: 'video/webm' });
    const onProgress = vi.fn();
    await expect(uploadStoryFile(large, { onProgress })).resolves.toBe(
      '4-0123456789abcdef0123456789abcdef',
    );
    expect(tus.requests[0]).toMatchObject({ method: 'POST', url: '/api/uploads' });
    expect(tus.uploads[0]).toMatchObject({
      length: 10 * MB,
      metadata: { filename: 'long.webm', filetype: 'video/webm' },
    });
    const chunks = tus.requests.filter((request) => request.method === 'PATCH');
    expect(chunks.map((request) => request.body?.size)).toEqual([5 * MB, 5 * MB]);
    expect(onProgress).toHaveBeenCalledWith(0.5);
    expect(onProgress).toHaveBeenLastCalledWith(1);
  });

  it('tries again after a server error, where the transfer stopped', async () => {
    tus.failNext(500);
    await expect(uploadStoryFile(file, { onProgress: vi.fn() })).resolves.toBe(
      '1-0123456789abcdef0123456789abcdef',
    );
    expect(methods()).toEqual(['POST', 'POST', 'PATCH']);
    expect(await tus.received(tus.uploads[0]!)).toBe('video');
  });

  it('resumes an earlier attempt at the same file', async () => {
    tus.nextId = '4-aa';
    const chunk = tus.holdNextChunk();
    const controller = new AbortController();
    const first = uploadStoryFile(file, { onProgress: vi.fn(), signal: controller.signal });
    await chunk.arrived;
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });

    await expect(uploadStoryFile(file, { onProgress: vi.fn() })).resolves.toBe('4-aa');
    // The second attempt asks where the first stopped instead of creating another upload.
    expect(methods()).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
    expect(tus.requests[2]!.url).toBe('/api/uploads/4-aa');
    expect(tus.uploads).toHaveLength(1);
  });

  it('turns a refused upload into the catalogued error', async () => {
    tus.failNext(413);
    const tooLarge = await uploadStoryFile(file, { onProgress: vi.fn() }).catch((e: unknown) => e);
    expect(isApiError(tooLarge, 'file_too_large')).toBe(true);

    tus.failNext(404, '{"err_key":"upload_not_found"}');
    const lost = await uploadStoryFile(file, { onProgress: vi.fn() }).catch((e: unknown) => e);
    expect(isApiError(lost, 'upload_not_found')).toBe(true);
    // A refusal is final: no second try.
    expect(methods()).toEqual(['POST', 'POST']);
  });

  it('stops the transfer when cancelled', async () => {
    const chunk = tus.holdNextChunk();
    const controller = new AbortController();
    const pending = uploadStoryFile(file, { onProgress: vi.fn(), signal: controller.signal });
    await chunk.arrived;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(tus.requests.at(-1)).toMatchObject({ method: 'PATCH', aborted: true });
    chunk.release();

    await expect(
      uploadStoryFile(file, { onProgress: vi.fn(), signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(methods()).toEqual(['POST', 'PATCH']);
    expect(tus.uploads[0]!.offset).toBe(0);
  });
});
