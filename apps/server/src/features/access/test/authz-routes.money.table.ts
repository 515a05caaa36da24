import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  NOBODY,
  SIGNED_IN,
  STORY_404,
  USER_404,
  storyRows,
  type RouteCase,
} from './authz-routes.table.ts';

/**
 * The authorization matrix rows of the money routes (verification, payments, purchases); the
 * matrix test runs them after the core rows of `authz-routes.table.ts`.
 */
export const MONEY_TABLE: RouteCase[] = [
  // Identity verification: about the caller only; the webhook authenticates by signature.
  {
    method: 'POST',
    path: '/api/verification/start',
    statuses: SIGNED_IN,
    body: () => ({ return_to: '/profile' }),
  },
  { method: 'GET', path: '/api/verification/check', statuses: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/verification/webhook/{provider}',
    fill: { provider: 'sandbox' },
    statuses: [400, 400, 400, 400, 400],
    errKeys: { 400: 'webhook_signature_invalid' },
    body: () => ({ id: 'evt_forged', type: 'verification.approved' }),
  },
  // Payments (features/payments): paying routes send an Idempotency-Key; nobody in the
  // fixture is verified, so payouts answer 403; webhooks authenticate by signature, not session.
  {
    method: 'POST',
    path: '/api/wallet/top-up',
    statuses: SIGNED_IN,
    send: (c, url) =>
      c.request({
        method: 'POST',
        url,
        payload: { amount: 10 },
        headers: { 'idempotency-key': globalThis.crypto.randomUUID() },
      }),
  },
  {
    method: 'POST',
    path: '/api/wallet/payouts',
    statuses: [401, 403, 403, 403, 403],
    errKeys: { 403: 'verification_required' },
    send: (c, url) =>
      c.request({
        method: 'POST',
        url,
        payload: {},
        headers: { 'idempotency-key': globalThis.crypto.randomUUID() },
      }),
  },
  { method: 'GET', path: '/api/wallet/payouts', statuses: SIGNED_IN },
  { method: 'GET', path: '/api/wallet/payout-method', statuses: SIGNED_IN },
  // Where payouts go: the caller's own (no actor in the fixture has a second factor, and every
  // address is confirmed). The sandbox takes a bank account, answered masked, and has no Connect.
  {
    method: 'PUT',
    path: '/api/wallet/payout-method',
    statuses: SIGNED_IN,
    body: () => ({
      holder_name: 'Matrix Holder',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    }),
    check: (_f, actor, response) =>
      expect(response.json().iban_masked, actor).toBe('DE89 •••• •••• •••• •••• 00'),
  },
  {
    method: 'POST',
    path: '/api/wallet/payout-method/connect',
    statuses: [401, 400, 400, 400, 400],
    errKeys: { 400: 'payout_method_not_supported' },
  },
  {
    method: 'POST',
    path: '/api/payments/webhook/{provider}',
    fill: { provider: 'sandbox' },
    statuses: [400, 400, 400, 400, 400],
    errKeys: { 400: 'webhook_signature_invalid' },
    body: () => ({ id: 'evt_unsigned', type: 'payment.succeeded' }),
  },
  // Money (features/purchases). Paying routes send an Idempotency-Key; every actor's wallet
  // is empty, so an unlock they may buy answers `{ status: false }` (insufficient funds).
  ...storyRows(
    'POST',
    '/api/stories/{id}/unlock',
    {
      free: [401, 400, 400, 400, 400],
      priced: [401, 200, 200, 200, 400],
      processing: [401, 404, 404, 404, 400],
      failed: [401, 404, 404, 404, 400],
      deleted: NOBODY,
    },
    {
      send: (c, url) =>
        c.request({ method: 'POST', url, headers: { 'idempotency-key': randomUUID() } }),
      errKeys: { ...STORY_404, 400: 'story_not_for_sale' },
      check: (_f, actor, response) =>
        expect(response.json().status, actor).toBe(actor === 'subscriber'),
    },
  ),
  {
    method: 'POST',
    path: '/api/tips',
    statuses: [401, 404, 404, 404, 404],
    send: (c, url) =>
      c.request({
        method: 'POST',
        url,
        headers: { 'idempotency-key': randomUUID() },
        payload: { user_id: 2_000_000_000, amount: 1 },
      }),
    errKeys: USER_404,
  },
  { method: 'GET', path: '/api/tips/requests', statuses: SIGNED_IN },
  {
    method: 'POST',
    path: '/api/tips/requests/{id}/pay',
    target: 'unknown-user',
    statuses: NOBODY,
    send: (c, url) =>
      c.request({ method: 'POST', url, headers: { 'idempotency-key': randomUUID() } }),
    errKeys: { 404: 'tip_request_not_found' },
  },
  {
    method: 'DELETE',
    path: '/api/tips/requests/{id}',
    target: 'unknown-user',
    statuses: NOBODY,
    errKeys: { 404: 'tip_request_not_found' },
  },
  // The owner offers no subscription and no paid messages (so even to themselves: not offered).
  ...(
    [
      ['/api/users/{id}/subscribe', 'subscription_not_offered'],
      ['/api/users/{id}/buy-direct-message', 'direct_message_not_offered'],
    ] as const
  ).flatMap(([path, notOffered]): RouteCase[] => [
    {
      method: 'POST',
      path,
      target: 'creator',
      statuses: [401, 400, 400, 400, 400],
      send: (c, url) =>
        c.request({
          method: 'POST',
          url,
          headers: { 'idempotency-key': randomUUID() },
          payload: {},
        }),
      errKeys: { 400: notOffered },
    },
    {
      method: 'POST',
      path,
      target: 'unknown-user',
      statuses: NOBODY,
      send: (c, url) =>
        c.request({
          method: 'POST',
          url,
          headers: { 'idempotency-key': randomUUID() },
          payload: {},
        }),
      errKeys: USER_404,
    },
  ]),
  { method: 'DELETE', path: '/api/users/{id}/subscribe', target: 'creator', statuses: SIGNED_IN },
  {
    method: 'DELETE',
    path: '/api/users/{id}/subscribe',
    target: 'unknown-user',
    statuses: NOBODY,
    errKeys: USER_404,
  },
  { method: 'GET', path: '/api/users/{id}/subscription', target: 'creator', statuses: SIGNED_IN },
  {
    method: 'GET',
    path: '/api/users/{id}/subscription',
    target: 'unknown-user',
    statuses: NOBODY,
    errKeys: USER_404,
  },
  { method: 'GET', path: '/api/users/me/subscribers', statuses: SIGNED_IN },
];
