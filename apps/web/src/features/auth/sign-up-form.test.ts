import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { setActiveLanguage } from '../../i18n/languages.ts';
import {
  signUpRefusal,
  toRegisterBody,
  validateSignUp,
  type SignUpValues,
} from './sign-up-form.ts';
import { ApiError } from '../../lib/api.ts';

const t = ((key: string, values?: object) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const valid: SignUpValues = {
  email: 'ada@example.com',
  password: 'correct horse battery',
  name: 'Ada',
  birthdate: '1990-01-01',
  sex: 'female',
  country: 'de',
  acceptTerms: true,
  confirmAdult: true,
};

describe('sign-up checks come from the contract', () => {
  it('accepts a valid form', () => {
    expect(validateSignUp(valid, t)).toEqual({});
  });

  it('refuses what the register schema refuses, field by field', () => {
    const errors = validateSignUp(
      {
        ...valid,
        email: 'ada@',
        password: 'x'.repeat(PASSWORD_MIN - 1),
        name: 'n'.repeat(NAME_MAX + 1),
      },
      t,
    );
    expect(errors).toEqual({
      email: [expect.stringMatching(/^fields\.email_invalid/)],
      password: [`fields.too_short {"min":${PASSWORD_MIN}}`],
      name: [`fields.too_long {"max":${NAME_MAX}}`],
    });
    expect(validateSignUp({ ...valid, password: 'x'.repeat(PASSWORD_MAX + 1) }, t)).toEqual({
      password: [`fields.too_long {"max":${PASSWORD_MAX}}`],
    });
  });

  it('asks for both consents', () => {
    expect(validateSignUp({ ...valid, acceptTerms: false, confirmAdult: false }, t)).toEqual({
      acceptTerms: ['auth.consent.termsRequired'],
      confirmAdult: ['auth.consent.adultRequired'],
    });
  });

  it("puts the server's consent refusals on their boxes, without a hint above the form", () => {
    const refusal = signUpRefusal(
      t,
      new ApiError(400, 'consent_required', {
        accept_terms: ['consent_required'],
        confirm_adult: ['consent_required'],
      }),
    );
    expect(Object.keys(refusal.fields).sort()).toEqual(['acceptTerms', 'confirmAdult']);
    expect(refusal.hint).toBeUndefined();
  });

  it('asks for empty fields and applies the age rule', () => {
    const errors = validateSignUp({ ...valid, sex: '', country: '', birthdate: '2020-01-01' }, t);
    expect(errors).toEqual({
      sex: ['fields.required'],
      country: ['fields.required'],
      birthdate: ['fields.underage'],
    });
  });

  it('asks for mails in the language on screen', () => {
    expect(toRegisterBody(valid).language).toBe('en');
    setActiveLanguage('de');
    try {
      expect(toRegisterBody(valid).language).toBe('de');
    } finally {
      setActiveLanguage('en');
    }
  });
});
