import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  registerBody,
  type RegisterBody,
  type Sex,
} from '@glimpse/contract';
import type { TFunction } from 'i18next';
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
}

export type SignUpField = keyof SignUpValues;

export const emptySignUp: SignUpValues = {
  email: '',
  password: '',
  name: '',
  birthdate: '',
  sex: '',
  country: '',
};

/** Server field names -> form fields. */
export const signUpServerFields: Record<string, SignUpField> = {
  email: 'email',
  password: 'password',
  name: 'name',
  birthdate: 'birthdate',
  sex: 'sex',
  country_code: 'country',
};

/**
 * Empty fields first, then the contract's own register schema (email, password and name
 * limits), then the age rule the server applies, so most mistakes show before a round trip.
 */
export function validateSignUp(values: SignUpValues, t: TFunction): FieldErrorMap<SignUpField> {
  const errors: FieldErrorMap<SignUpField> = {};
  for (const field of ['email', 'name', 'birthdate', 'sex', 'country'] as const) {
    if (!values[field].trim()) errors[field] = [t('fields.required')];
  }
  const passwordWording = t('fields.password_length', { min: PASSWORD_MIN, max: PASSWORD_MAX });
  const schemaErrors = contractFieldErrors(
    t,
    registerBody,
    toRegisterBody(values),
    signUpServerFields,
    { password: passwordWording },
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
  };
}

/** What the form shows after the server refused a sign-up. */
export interface SignUpRefusal {
  fields: FieldErrorMap<SignUpField>;
  /** A sentence above the form, for what no field shows. */
  message: string | undefined;
  /** "Something is missing": only when fields must be filled in or fixed. */
  missingHint: boolean;
}

/**
 * A refusal about one field (the email is taken, the password too common) shows under that
 * field only: repeating it above the form, with "something is missing", would say two wrong
 * things. A failed validation keeps the hint, as the client's own check does.
 */
export function signUpRefusal(t: TFunction, error: unknown): SignUpRefusal {
  const server = serverFormErrors(t, error, signUpServerFields);
  const hasFieldErrors = hasErrors(server.fields);
  if (isApiError(error, 'validation_failed')) {
    return { ...server, missingHint: hasFieldErrors };
  }
  // The message is the err_key's sentence plus any errors no field could take.
  const onlyTheKeySentence = server.message === errorMessage(t, error);
  return {
    fields: server.fields,
    message: hasFieldErrors && onlyTheKeySentence ? undefined : server.message,
    missingHint: false,
  };
}
