import { vi } from 'vitest';
import { UPLOAD_ENDPOINT } from '../tus-upload.ts';

/*
 * The tus server behind /api/uploads, for component and unit tests: tus-upload.ts and
 * tus-js-client (its browser build, as in the app: see vitest.config.ts) run as they are, over a
 * stubbed XMLHttpRequest that this server answers. The test reads what reached the server and
 * decides how it answers: refusals, a chunk held on its way, a server error to retry after.
 *
 * A test that uploads calls `installFakeTus()`; the stub goes with the other globals after each
 * test (setup.ts).
 */

/** One request as the server saw it. */
export interface TusRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Blob | null;
  /** The client gave up on it (tus-js-client aborts the request in flight). */
  aborted: boolean;
}

/** An upload the server created, and the bytes it received. */
export interface TusUpload {
  id: string;
  url: string;
  length: number;
  /** Upload-Metadata, decoded. */
  metadata: Record<string, string>;
  chunks: Blob[];
  offset: number;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A PATCH held on its way (`holdNextChunk`): part of it can be reported sent, then it lands. */
export interface HeldChunk {
  /** Settles once the chunk's request has reached the server. */
  arrived: Promise<void>;
  /** Reports `bytes` of the chunk sent, as the browser's upload progress event does. */
  progress(bytes: number): void;
  /** Lets the chunk land. */
  release(): void;
}

function decodeMetadata(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [key = '', value = ''] = pair.trim().split(' ');
        return [key, atob(value)];
      }),
  );
}

export function installFakeTus() {
  const requests: TusRequest[] = [];
  const uploads: TusUpload[] = [];
  const failures: Answer[] = [];
  let nextId = '1-0123456789abcdef0123456789abcdef';
  let hold: { arrived: () => void; released: Promise<void>; xhr?: FakeXhr } | undefined;

  const noUpload = { status: 404, body: '{"err_key":"upload_not_found"}' };

  async function answer(request: TusRequest, xhr: FakeXhr): Promise<Answer> {
    const failure = failures.shift();
    if (failure) return failure;
    const upload = uploads.find((candidate) => candidate.url === request.url);
    if (request.method === 'POST' && request.url === UPLOAD_ENDPOINT) {
      const url = `${UPLOAD_ENDPOINT}/${nextId}`;
      uploads.push({
        id: nextId,
        url,
        length: Number(request.headers['upload-length']),
        metadata: decodeMetadata(request.headers['upload-metadata']),
        chunks: [],
        offset: 0,
      });
      return { status: 201, headers: { Location: url } };
    }
    if (!upload) return noUpload;
    const position = { 'Upload-Offset': String(upload.offset) };
    if (request.method === 'HEAD') {
      return { status: 200, headers: { ...position, 'Upload-Length': String(upload.length) } };
    }
    if (request.method !== 'PATCH') return { status: 405 };
    if (hold && !hold.xhr) {
      const held = hold;
      held.xhr = xhr;
      held.arrived();
      await held.released;
      if (hold === held) hold = undefined;
      // A chunk the client gave up on while it was held never lands.
      if (request.aborted) return { status: 0 };
    }
    if (Number(request.headers['upload-offset']) !== upload.offset) {
      return { status: 409, headers: position };
    }
    upload.chunks.push(request.body ?? new Blob());
    upload.offset += request.body?.size ?? 0;
    return { status: 204, headers: { 'Upload-Offset': String(upload.offset) } };
  }

  /** XMLHttpRequest as tus-js-client's browser HTTP stack uses it. */
  class FakeXhr {
    status = 0;
    responseText = '';
    readonly upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: ((error: unknown) => void) | null = null;
    private request: TusRequest = { method: '', url: '', headers: {}, body: null, aborted: false };
    private responseHeaders: Record<string, string> = {};

    open(method: string, url: string) {
      this.request = { method, url, headers: {}, body: null, aborted: false };
    }

    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }

    getResponseHeader(name: string): string | null {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }

    send(body: Blob | null = null) {
      const request = { ...this.request, body };
      this.request = request;
      requests.push(request);
      // Answered a task later, as over a network; an aborted request is never answered.
      void new Promise((resolve) => setTimeout(resolve, 0))
        .then(() => answer(request, this))
        .then(({ status, headers = {}, body: text = '' }) => {
          if (request.aborted) return;
          this.status = status;
          this.responseText = text;
          this.responseHeaders = Object.fromEntries(
            Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
          );
          this.onload?.();
        });
    }

    abort() {
      this.request.aborted = true;
    }

    reportSent(bytes: number) {
      this.upload.onprogress?.({ lengthComputable: true, loaded: bytes });
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);

  return {
    requests,
    uploads,
    /** The id the next upload created gets (the last segment of its URL). */
    set nextId(id: string) {
      nextId = id;
    },
    /** The next request is answered `status` (and `body`), whatever it asked. */
    failNext(status: number, body = '') {
      failures.push({ status, body });
    },
    /** Holds the next chunk (PATCH) on its way until the test releases it. */
    holdNextChunk(): HeldChunk {
      let arrived = () => undefined as void;
      let release = () => undefined as void;
      const held = {
        arrived: () => arrived(),
        released: new Promise<void>((resolve) => (release = resolve)),
      } as NonNullable<typeof hold>;
      hold = held;
      return {
        arrived: new Promise<void>((resolve) => (arrived = resolve)),
        progress: (bytes) => held.xhr?.reportSent(bytes),
        release,
      };
    },
    /** The bytes the server received for `upload`, as text. */
    received: (upload: TusUpload) => new Blob(upload.chunks).text(),
  };
}
