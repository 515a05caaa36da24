import {
  endpointRoutes,
  isErrKey,
  type ArgsOf,
  type EndpointName,
  type ErrKey,
  type ResponseOf,
} from '@glimpse/contract';
import { takeEarlyResponse } from './early-requests.ts';

type Query = Record<string, string | number | boolean | undefined | Array<string | number>>;

/** A failed API answer, carrying the catalogue key and any field errors (spec section 8). */
export class ApiError extends Error {
  readonly status: number;
  /** The catalogued key, or undefined when the answer was not one of ours (proxy, network). */
  readonly errKey: ErrKey | undefined;
  readonly errors: Record<string, string[]>;
  readonly errMsg: string | string[] | Record<string, unknown> | undefined;
  /** The whole error answer, for keys that carry more (`err_paid_options` of should_pay_option). */
  readonly body: Record<string, unknown>;

  constructor(
    status: number,
    errKey: ErrKey | undefined,
    errors: Record<string, string[]> = {},
    errMsg?: string | string[] | Record<string, unknown>,
    body: Record<string, unknown> = {},
  ) {
    super(errKey ?? `http_${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errKey = errKey;
    this.errors = errors;
    this.errMsg = errMsg;
    this.body = body;
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
  return new ApiError(status, errKey, errors, data.err_msg as ApiError['errMsg'], data);
}

/** Fills `:name` segments from params, each encoded, so a slug like "a/b" stays one segment. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key` on paying calls: one key per user intent, reused when that intent
   * is retried, so the server charges it once (features/money/idempotency.ts makes the keys).
   */
  idempotencyKey?: string;
}

/** No arguments needed when the endpoint has no params and no required body. */
type CallRest<N extends EndpointName> =
  Record<never, never> extends ArgsOf<N>
    ? [args?: ArgsOf<N>, options?: CallOptions]
    : [args: ArgsOf<N>, options?: CallOptions];

interface LooseArgs {
  params?: Record<string, unknown>;
  query?: Query;
  body?: unknown;
}

/**
 * The one way the client talks HTTP: `call('story', { params: { id } })`. The endpoint's name
 * gives method and path (from the contract), and its schemas type the params, query, body and
 * answer. Same-origin cookies, JSON in and out (or a FormData body), typed errors. Answers are
 * not parsed with zod here: that would put zod in every screen's bundle (docs/footguns.md).
 */
export async function call<N extends EndpointName>(
  name: N,
  ...[args, options]: CallRest<N>
): Promise<ResponseOf<N>> {
  const { method, path } = endpointRoutes[name];
  const { params, query, body } = (args ?? {}) as LooseArgs;
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (options?.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const url = buildUrl(fillPath(path, params), query);
  // The boot code may have asked for this already, before the app's code loaded.
  const early = method === 'GET' && body === undefined ? await takeEarlyResponse(url) : undefined;
  const response =
    early ??
    (await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      signal: options?.signal,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    }));
  const answer = await readBody(response);
  if (!response.ok) throw toApiError(response.status, answer);
  return answer as ResponseOf<N>;
}
