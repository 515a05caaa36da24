import { BUNDLE_PERIODS, type SubscribeBody } from '@glimpse/contract';
import { newIdempotencyKey } from './idempotency.ts';

type Period = NonNullable<SubscribeBody['period']>;

/**
 * A purchase to finish after a top-up: the checkout sends the person back to `return_to`, and
 * the `resume` marker there says what they were buying. The nonce doubles as the repeated
 * purchase's idempotency key, so reloading the page it came back to never charges twice.
 */
export type ResumeMarker =
  | { kind: 'unlock'; creatorId: number; storyId: number; nonce: string }
  | { kind: 'subscribe'; userId: number; period: Period; nonce: string }
  | { kind: 'direct_message'; userId: number; nonce: string };

export type ResumeIntent =
  | { kind: 'unlock'; creatorId: number; storyId: number }
  | { kind: 'subscribe'; userId: number; period: Period }
  | { kind: 'direct_message'; userId: number };

export const RESUME_PARAM = 'resume';
/** What the checkout adds to `return_to`: `success` or `fail` (the wallet's prefill is a number). */
export const TOP_UP_PARAM = 'top_up';
const PENDING_STORAGE_KEY = 'glimpse.pendingPurchase';

export function createMarker(intent: ResumeIntent): ResumeMarker {
  return { ...intent, nonce: newIdempotencyKey() };
}

export function encodeMarker(marker: ResumeMarker): string {
  if (marker.kind === 'unlock') {
    return `unlock.${marker.creatorId}.${marker.storyId}.${marker.nonce}`;
  }
  if (marker.kind === 'direct_message') return `dm.${marker.userId}.0.${marker.nonce}`;
  return `subscribe.${marker.userId}.${marker.period}.${marker.nonce}`;
}

const idPattern = /^[1-9]\d{0,9}$/;

export function parseMarker(value: string | null): ResumeMarker | null {
  if (!value) return null;
  const [kind, first, second, nonce, ...rest] = value.split('.');
  if (rest.length > 0 || !first || !second || !nonce || !/^[\w-]{8,64}$/.test(nonce)) return null;
  if (kind === 'dm' && idPattern.test(first) && second === '0') {
    return { kind: 'direct_message', userId: Number(first), nonce };
  }
  if (!idPattern.test(first) || !idPattern.test(second)) return null;
  if (kind === 'unlock') {
    return { kind, creatorId: Number(first), storyId: Number(second), nonce };
  }
  const period = Number(second);
  if (kind === 'subscribe' && isPeriod(period))
    return { kind, userId: Number(first), period, nonce };
  return null;
}

function isPeriod(value: number): value is Period {
  return value === 1 || (BUNDLE_PERIODS as readonly number[]).includes(value);
}

/** `path` (with its query) plus the marker: where a top-up started here should come back to. */
export function returnPathWith(path: string, marker: ResumeMarker | null): string {
  const url = new URL(path, 'http://app.invalid');
  url.searchParams.delete(RESUME_PARAM);
  url.searchParams.delete(TOP_UP_PARAM);
  if (marker) url.searchParams.set(RESUME_PARAM, encodeMarker(marker));
  return `${url.pathname}${url.search}`;
}

/**
 * For a purchase whose top-up the server sends the person to (subscribe answers `redirectUrl`):
 * the return address is the server's, so the marker waits in this tab's session storage.
 */
export function rememberPendingPurchase(marker: ResumeMarker): void {
  window.sessionStorage.setItem(PENDING_STORAGE_KEY, encodeMarker(marker));
}

export function takePendingPurchase(): ResumeMarker | null {
  const marker = parseMarker(window.sessionStorage.getItem(PENDING_STORAGE_KEY));
  window.sessionStorage.removeItem(PENDING_STORAGE_KEY);
  return marker;
}

/** The purchase to resume at this address, if any: the marker in it, or the remembered one. */
export function resumeMarkerOf(search: URLSearchParams): ResumeMarker | null {
  const inUrl = parseMarker(search.get(RESUME_PARAM));
  if (inUrl) return inUrl;
  const topUp = search.get(TOP_UP_PARAM);
  return topUp === 'success' || topUp === 'fail' ? takePendingPurchase() : null;
}
