import { isErrKey, type ErrKey } from '@glimpse/contract';

type Query = Record<string, string | number | boolean | undefined | Array<string | number>>;

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** A failed API answer, carrying the catalogue key and any field errors (spec section 8). */
export class ApiError extends Error {
  readonly status: number;
  /** The catalogued key, or undefined when the answer was not one of ours (proxy, network). */
  readonly errKey: ErrKey | undefined;
  readonly errors: Record<string, string[]>;
  readonly errMsg: string | string[] | Record<string, unknown> | undefined;

  constructor(
    status: number,
    errKey: ErrKey | undefined,
    errors: Record<string, string[]> = {},
    errMsg?: string | string[] | Record<string, unknown>,
  ) {
    super(errKey ?? `http_${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errKey = errKey;
    this.errors = errors;
    this.errMsg = errMsg;
  }
}

export function isApiError(error: unknown, errKey?: ErrKey): error is ApiError {
  return error instanceof ApiError && (errKey === undefined || error.errKey === errKey);
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(`${key}[]`, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errKey = isErrKey(data.err_key) ? data.err_key : undefined;
  const errors =
    typeof data.errors === 'object' && data.errors !== null
      ? (data.errors as Record<string, string[]>)
      : {};
  return new ApiError(status, errKey, errors, data.err_msg as ApiError['errMsg']);
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const isForm = options.body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const response = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    credentials: 'same-origin',
    signal: options.signal,
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
  });
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

/** The one way the client talks HTTP: same-origin cookies, JSON in and out, typed errors. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** Multipart upload; the browser sets the boundary, so no content-type header here. */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, { body: form }),
};
