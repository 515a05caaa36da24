import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  registerBody,
  type RegisterBody,
  type Sex,
} from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { contractFieldErrors } from '../../lib/contract-errors.ts';
import { isAdult } from '../../lib/dates.ts';
import type { FieldErrorMap } from '../../lib/form-errors.ts';

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
