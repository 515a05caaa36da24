import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { ApiError } from './api.ts';
import { errorMessage, fieldMessage } from './error-message.ts';

const t = i18n.t.bind(i18n);

describe('errorMessage', () => {
  it('uses the catalogue text of the err_key', () => {
    expect(errorMessage(t, new ApiError(409, 'email_taken'))).toBe(
      'An account with this email already exists.',
    );
  });

  it('fills the price bounds into max_price_error', () => {
    expect(errorMessage(t, new ApiError(400, 'max_price_error'))).toBe(
      'The price must be between 0 and 49.99.',
    );
  });

  it('falls back to err_msg, then to a generic text', () => {
    expect(errorMessage(t, new ApiError(502, undefined, {}, 'Bad gateway'))).toBe('Bad gateway');
    expect(errorMessage(t, new TypeError('Failed to fetch'))).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('falls back when the text of a key has not loaded yet (feature texts load with screens)', async () => {
    const bare = createInstance();
    await bare.init({
      lng: 'en',
      resources: { en: { translation: { common: { somethingWentWrong: 'Try again.' } } } },
    });
    const bareT = bare.t.bind(bare);
    expect(errorMessage(bareT, new ApiError(400, 'insufficient_funds'))).toBe('Try again.');
    expect(
      errorMessage(bareT, new ApiError(400, 'cannot_send_msg', {}, 'Messages are turned off')),
    ).toBe('Messages are turned off');
  });

  it('translates known field messages and passes others through', () => {
    expect(fieldMessage(t, 'email_invalid')).toBe('Enter a valid email address.');
    expect(fieldMessage(t, 'Too big: expected number to be <=90')).toBe(
      'Too big: expected number to be <=90',
    );
  });

  it('gives an err_key used as a field message its catalogue text', () => {
    expect(fieldMessage(t, 'password_too_common')).toBe(
      'This password is too easy to guess. Choose a less common one.',
    );
    expect(fieldMessage(t, 'email_taken')).toBe('An account with this email already exists.');
    // A field wording wins over the catalogue sentence.
    expect(fieldMessage(t, 'underage')).toBe('You must be at least 18 years old.');
  });
});
