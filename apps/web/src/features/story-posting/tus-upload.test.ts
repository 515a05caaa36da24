import { describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../lib/api.ts';
import { uploadStoryFile } from './tus-upload.ts';

interface FakeOptions {
  endpoint: string;
  chunkSize: number;
  retryDelays: number[];
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (error: Error) => void;
}

// vi.mock is hoisted above the imports, so the fake lives in vi.hoisted too.
const { script, created, FakeUpload } = vi.hoisted(() => {
  /** What the fake tus transfer does once started: succeed at a URL, or fail with an answer. */
  const script: {
    previous: { uploadUrl: string }[];
    outcome: { url: string } | { status: number; body: string };
  } = { previous: [], outcome: { url: '' } };
  const created: FakeUpload[] = [];

  class FakeUpload {
    url: string | null = null;
    resumedFrom: unknown = null;
    aborted = false;
    constructor(
      readonly file: File,
      readonly options: FakeOptions,
    ) {
      created.push(this);
    }
    findPreviousUploads() {
      return Promise.resolve(script.previous);
    }
    resumeFromPreviousUpload(previous: unknown) {
      this.resumedFrom = previous;
    }
    abort() {
      this.aborted = true;
      return Promise.resolve();
    }
    start() {
      const outcome = script.outcome;
      // A started transfer that is still "in flight" until the test aborts it.
      if ('url' in outcome && outcome.url === 'pending') return;
      if ('url' in outcome) {
        this.options.onProgress(5, 10);
        this.url = outcome.url;
        this.options.onSuccess();
      } else {
        const error = Object.assign(new Error('tus: unexpected response'), {
          originalResponse: { getStatus: () => outcome.status, getBody: () => outcome.body },
        });
        this.options.onError(error);
      }
    }
  }
  return { script, created, FakeUpload };
});

vi.mock('tus-js-client', () => ({ Upload: FakeUpload }));

const file = new File(['video'], 'clip.webm', { type: 'video/webm' });

describe('uploadStoryFile', () => {
  it('uploads to /api/uploads in 5 MB chunks and answers the last URL segment', async () => {
    script.previous = [];
    script.outcome = { url: '/api/uploads/4-0123456789abcdef0123456789abcdef' };
    const onProgress = vi.fn();
    await expect(uploadStoryFile(file, { onProgress })).resolves.toBe(
      '4-0123456789abcdef0123456789abcdef',
    );
    const upload = created.at(-1)!;
    expect(upload.options.endpoint).toBe('/api/uploads');
    expect(upload.options.chunkSize).toBe(5 * 1024 * 1024);
    expect(upload.options.retryDelays.length).toBeGreaterThan(0);
    expect(onProgress).toHaveBeenCalledWith(0.5);
  });

  it('resumes an earlier attempt at the same file', async () => {
    script.previous = [{ uploadUrl: '/api/uploads/4-aa' }];
    script.outcome = { url: '/api/uploads/4-aa' };
    await uploadStoryFile(file, { onProgress: vi.fn() });
    expect(created.at(-1)!.resumedFrom).toEqual({ uploadUrl: '/api/uploads/4-aa' });
  });

  it('turns a refused upload into the catalogued error', async () => {
    script.previous = [];
    script.outcome = { status: 413, body: '' };
    const tooLarge = await uploadStoryFile(file, { onProgress: vi.fn() }).catch((e: unknown) => e);
    expect(isApiError(tooLarge, 'file_too_large')).toBe(true);

    script.outcome = { status: 404, body: '{"err_key":"upload_not_found"}' };
    const lost = await uploadStoryFile(file, { onProgress: vi.fn() }).catch((e: unknown) => e);
    expect(isApiError(lost, 'upload_not_found')).toBe(true);
  });

  it('stops the transfer when cancelled', async () => {
    script.previous = [];
    script.outcome = { url: 'pending' };
    const controller = new AbortController();
    const pending = uploadStoryFile(file, { onProgress: vi.fn(), signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(created.at(-1)!.aborted).toBe(true);

    const count = created.length;
    await expect(
      uploadStoryFile(file, { onProgress: vi.fn(), signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(created).toHaveLength(count);
  });
});
