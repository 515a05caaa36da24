import type { Passkey, TwoFactorState } from '@glimpse/contract';
import type { MockResponse, RecordedCall } from '../../test/fetch-mock.ts';

let nextId = 0;

/** A passkey as GET /api/auth/2fa lists it; ids are uuids, as the contract's path wants. */
export function makePasskey(overrides: Partial<Passkey> = {}): Passkey {
  nextId += 1;
  return {
    id: `00000000-0000-4000-9000-${String(nextId).padStart(12, '0')}`,
    name: 'Pixel 9',
    created_at: '2026-01-15T10:00:00.000Z',
    last_used_at: null,
    ...overrides,
  };
}

/** Two-factor off, unless told otherwise. */
export function makeTwoFactorState(overrides: Partial<TwoFactorState> = {}): TwoFactorState {
  return {
    enabled: false,
    totp: false,
    passkeys: [],
    recovery_codes_left: 0,
    verified_until: null,
    ...overrides,
  };
}

/** On with the authenticator app and ten recovery codes. */
export const withApp = (overrides: Partial<TwoFactorState> = {}) =>
  makeTwoFactorState({ enabled: true, totp: true, recovery_codes_left: 10, ...overrides });

/**
 * A sensitive change the server refuses until a second factor was given (POST
 * /api/auth/2fa/verify answered 200), then does with `done`.
 */
export function sensitive(done: MockResponse, verified: { current: boolean }) {
  return (): MockResponse =>
    verified.current ? done : { status: 403, body: { err_key: 'second_factor_required' } };
}

/** A recovery code as the server reads it: case, spaces and dashes forgiven. */
const recoveryCodeOf = (value: unknown) =>
  typeof value === 'string' ? value.toLowerCase().replace(/[\s-]+/g, '') : undefined;

/** POST /api/auth/2fa/verify: 123456, the recovery code abcde-12345 and any passkey are right. */
export function stepUpHandler(verified: { current: boolean }) {
  return (call: RecordedCall): MockResponse => {
    const body = call.body as Record<string, unknown>;
    const right =
      body.code === '123456' || recoveryCodeOf(body.recovery_code) === 'abcde12345' || body.passkey;
    if (!right) return { status: 400, body: { err_key: 'code_invalid' } };
    verified.current = true;
    return { body: { verified_until: new Date(Date.now() + 600_000).toISOString() } };
  };
}
