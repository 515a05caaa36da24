import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { mayBeUnanswered } from './idempotency.ts';
import {
  createMarker,
  encodeMarker,
  parseMarker,
  resumeMarkerOf,
  returnPathWith,
} from './purchase-resume.ts';
import {
  cannotSendFunds,
  initialTipModel,
  maskTipDigits,
  tipAmountOf,
  tipModes,
} from './tip-model.ts';
import { suggestedTopUp } from './top-up-amount.ts';

describe('tip rules', () => {
  it('masks the custom entry to at most 3 digits', () => {
    expect(maskTipDigits('12345')).toBe('123');
    expect(maskTipDigits('-1.5e3')).toBe('153');
    expect(maskTipDigits('abc')).toBe('');
  });

  it('treats empty and zero as the invalid tip, the custom entry over the preset', () => {
    const model = initialTipModel(true);
    expect(tipAmountOf(model)).toBe(10);
    expect(tipAmountOf({ ...model, custom: '0' })).toBeNull();
    expect(tipAmountOf({ ...model, custom: '000' })).toBeNull();
    expect(tipAmountOf({ ...model, preset: null })).toBeNull();
    expect(tipAmountOf({ ...model, custom: '999' })).toBe(999);
  });

  it('starts in request mode for an unverified target; the notice needs both unverified', () => {
    expect(initialTipModel(false).mode).toBe('request');
    expect(cannotSendFunds({ id: 1, username: 'a', verified: false }, false)).toBe(true);
    expect(cannotSendFunds({ id: 1, username: 'a', verified: false }, true)).toBe(false);
    expect(cannotSendFunds({ id: 1, username: 'a', verified: true }, false)).toBe(false);
  });

  it('offers send to verified targets, request to verified users outside channels (spec 6)', () => {
    const creator = { verified: true };
    const unverified = { verified: false };
    expect(tipModes(creator, false, false)).toEqual(['send']);
    expect(tipModes(creator, true, false)).toEqual(['send', 'request']);
    expect(tipModes(creator, true, true)).toEqual(['send']);
    expect(tipModes(unverified, true, false)).toEqual(['request']);
    expect(tipModes(unverified, false, false)).toEqual([]);
    expect(tipModes(unverified, true, true)).toEqual([]);
  });
});

describe('top-up suggestion', () => {
  it('is the smallest preset covering the missing amount, else the amount itself', () => {
    expect(suggestedTopUp(0)).toBe(10);
    expect(suggestedTopUp(10.01)).toBe(25);
    expect(suggestedTopUp(100)).toBe(100);
    expect(suggestedTopUp(123.456)).toBe(123.46);
  });
});

describe('idempotency', () => {
  it('keeps the key only when the server may not have answered', () => {
    expect(mayBeUnanswered(new TypeError('Failed to fetch'))).toBe(true);
    expect(mayBeUnanswered(new ApiError(502, undefined))).toBe(true);
    expect(mayBeUnanswered(new ApiError(400, 'insufficient_funds'))).toBe(false);
  });
});

describe('purchase resume markers', () => {
  it('round-trip, and refuse anything else', () => {
    const marker = createMarker({ kind: 'unlock', creatorId: 7, storyId: 41 });
    expect(parseMarker(encodeMarker(marker))).toEqual(marker);
    const bundle = createMarker({ kind: 'subscribe', userId: 7, period: 3 });
    expect(parseMarker(encodeMarker(bundle))).toEqual(bundle);
    const messages = createMarker({ kind: 'direct_message', userId: 7 });
    expect(parseMarker(encodeMarker(messages))).toEqual(messages);
    expect(parseMarker('dm.7.1.abcdefgh12')).toBeNull();
    expect(parseMarker('subscribe.7.4.abcdefgh12')).toBeNull();
    expect(parseMarker('unlock.0.41.abcdefgh12')).toBeNull();
    expect(parseMarker('refund.7.41.abcdefgh12')).toBeNull();
    expect(parseMarker('unlock.7.41.short')).toBeNull();
  });

  it('put the marker on the current path, replacing an old one', () => {
    const marker = createMarker({ kind: 'unlock', creatorId: 7, storyId: 41 });
    const path = returnPathWith('/u/grace?from=home&resume=old&top_up=fail', marker);
    expect(path).toBe(`/u/grace?from=home&resume=${encodeMarker(marker)}`);
    expect(path).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
  });

  it('take the remembered purchase only on a checkout return', () => {
    const marker = createMarker({ kind: 'subscribe', userId: 7, period: 1 });
    window.sessionStorage.setItem('glimpse.pendingPurchase', encodeMarker(marker));
    expect(resumeMarkerOf(new URLSearchParams('top_up=12.50'))).toBeNull();
    expect(resumeMarkerOf(new URLSearchParams('top_up=success'))).toEqual(marker);
    // Taken once: a reload does not find it again.
    expect(resumeMarkerOf(new URLSearchParams('top_up=success'))).toBeNull();
  });
});
