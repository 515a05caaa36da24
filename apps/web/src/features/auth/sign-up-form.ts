import {
  PASSWORD_MIN,
  registerBody,
  TERMS_VERSION,
  type RegisterBody,
  type Sex,
} from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { activeLanguage } from '../../i18n/languages.ts';
import { isApiError } from '../../lib/api.ts';
import { contractFieldErrors } from '../../lib/contract-errors.ts';
import { isAdult } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { hasErrors, serverFormErrors, type FieldErrorMap } from '../../lib/form-errors.ts';

export interface SignUpValues {
  email: string;
  password: string;
  name: string;
  birthdate: string;
  sex: Sex | '';
  country: string;
  /** "I agree to the Terms and the Privacy Policy". */
  acceptTerms: boolean;
  /** "I am 18 or older". */
  confirmAdult: boolean;
}

export type SignUpField = keyof SignUpValues;

/** What the line above the form says when the form has errors. */
export type SignUpHint =
  /** A field is empty or a box unticked: "Something is missing" (spec 5). */
  | 'missing'
  /** Everything is filled in, but something is wrong (too long, taken, malformed). */
  | 'fix';

export const emptySignUp: SignUpValues = {
  email: '',
  password: '',
  name: '',
  birthdate: '',
  sex: '',
  country: '',
  acceptTerms: false,
  confirmAdult: false,
};

/** Server field names -> form fields. */
export const signUpServerFields: Record<string, SignUpField> = {
  email: 'email',
  password: 'password',
  name: 'name',
  birthdate: 'birthdate',
  sex: 'sex',
  country_code: 'country',
  accept_terms: 'acceptTerms',
  confirm_adult: 'confirmAdult',
  // The form showed older terms (a page opened before they changed): said at the consent box.
  terms_version: 'acceptTerms',
};

const TEXT_FIELDS = ['email', 'password', 'name', 'birthdate', 'sex', 'country'] as const;

/** The fields still empty, and the consent boxes not ticked. */
export function missingSignUpFields(values: SignUpValues): SignUpField[] {
  const missing: SignUpField[] = TEXT_FIELDS.filter((field) =>
    field === 'password' ? !values.password : !values[field].trim(),
  );
  if (!values.acceptTerms) missing.push('acceptTerms');
  if (!values.confirmAdult) missing.push('confirmAdult');
  return missing;
}

/**
 * Empty fields and unticked boxes first, then a password too short, then the contract's own
 * register schema (email format; password and name too long, with the limit), then the age
 * rule the server applies, so most mistakes show before a round trip. Each message says what
 * is wrong with that field, not the rule the hint under the field already states.
 */
export function validateSignUp(values: SignUpValues, t: TFunction): FieldErrorMap<SignUpField> {
  const errors: FieldErrorMap<SignUpField> = {};
  for (const field of missingSignUpFields(values)) {
    errors[field] = [
      field === 'acceptTerms'
        ? t('auth.consent.termsRequired')
        : field === 'confirmAdult'
          ? t('auth.consent.adultRequired')
          : t('fields.required'),
    ];
  }
  if (!errors.password && values.password.length < PASSWORD_MIN) {
    errors.password = [t('fields.too_short', { min: PASSWORD_MIN })];
  }
  const schemaErrors = contractFieldErrors(
    t,
    registerBody,
    toRegisterBody(values),
    signUpServerFields,
  );
  for (const [field, messages] of Object.entries(schemaErrors) as [SignUpField, string[]][]) {
    errors[field] ??= messages;
  }
  if (!errors.birthdate && !isAdult(values.birthdate)) errors.birthdate = [t('fields.underage')];
  return errors;
}

export function toRegisterBody(values: SignUpValues): RegisterBody {
  return {
    email: values.email.trim(),
    password: values.password,
    name: values.name.trim(),
    birthdate: values.birthdate,
    sex: values.sex as Sex,
    country_code: values.country,
    accept_terms: values.acceptTerms,
    confirm_adult: values.confirmAdult,
    terms_version: TERMS_VERSION,
    // The language on screen is the one the account's mails are written in.
    language: activeLanguage(),
  };
}

/** What the form shows after the server refused a sign-up. */
export interface SignUpRefusal {
  fields: FieldErrorMap<SignUpField>;
  /** A sentence above the form, for what no field shows. */
  message: string | undefined;
  /**
   * The line above the form: "fix" when the server refused fields as invalid (the form had
   * filled them all in, so nothing is missing), none when one field says it all.
   */
  hint: SignUpHint | undefined;
}

/**
 * A refusal about one field (the email is taken, the password too common) shows under that
 * field only: repeating it above the form would say it twice. A failed validation asks to
 * check the marked fields.
 */
export function signUpRefusal(t: TFunction, error: unknown): SignUpRefusal {
  const server = serverFormErrors(t, error, signUpServerFields);
  const hasFieldErrors = hasErrors(server.fields);
  if (isApiError(error, 'validation_failed')) {
    return { ...server, hint: hasFieldErrors ? 'fix' : undefined };
  }
  // The message is the err_key's sentence plus any errors no field could take.
  const onlyTheKeySentence = server.message === errorMessage(t, error);
  return {
    fields: server.fields,
    message: hasFieldErrors && onlyTheKeySentence ? undefined : server.message,
    hint: undefined,
  };
}
