import {
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type RegisterBody,
  type Sex,
} from '@glimpse/contract';
import type { TFunction } from 'i18next';
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

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client checks mirror the contract so most mistakes show before a round trip. */
export function validateSignUp(values: SignUpValues, t: TFunction): FieldErrorMap<SignUpField> {
  const errors: FieldErrorMap<SignUpField> = {};
  const required = [t('fields.required')];
  if (!values.email.trim()) errors.email = required;
  else if (!EMAIL_SHAPE.test(values.email.trim())) errors.email = [t('fields.email_invalid')];
  if (values.password.length < PASSWORD_MIN || values.password.length > PASSWORD_MAX) {
    errors.password = [t('fields.password_length', { min: PASSWORD_MIN, max: PASSWORD_MAX })];
  }
  if (!values.name.trim()) errors.name = required;
  else if (values.name.trim().length > NAME_MAX)
    errors.name = [t('fields.too_long', { max: NAME_MAX })];
  if (!values.birthdate) errors.birthdate = required;
  else if (!isAdult(values.birthdate)) errors.birthdate = [t('fields.underage')];
  if (!values.sex) errors.sex = required;
  if (!values.country) errors.country = required;
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
