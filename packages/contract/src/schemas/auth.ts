import { z } from 'zod';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { isoDate } from './common.ts';
import { sexSchema } from './reference.ts';
import { currentUserSchema } from './users.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'email_invalid' }));

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const registerBody = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(NAME_MAX),
  birthdate: isoDate,
  sex: sexSchema,
  country_code: z.string().trim().toLowerCase().length(2),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerResponse = currentUserSchema;
