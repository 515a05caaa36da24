import { z } from 'zod';
import { errKeys } from '../errors.ts';
import { singleLineText } from './text.ts';

/** PostgreSQL `integer`: a larger id can name no row, and would fail in the query itself. */
export const ID_MAX = 2_147_483_647;

/** A row id in a path: plain decimal digits only ("1e3", "0x10", " 7" are not ids). */
export const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'id_invalid')
    .transform(Number)
    .pipe(z.number().int().max(ID_MAX, 'id_invalid')),
});
/** An integer in a query string: plain decimal digits only, within [min, max]. */
export function intParam(min: number, max: number) {
  return z
    .union([z.string(), z.number()])
    .transform((value) => String(value))
    .pipe(z.string().regex(/^[0-9]{1,10}$/, 'integer_expected'))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

export const slugParam = z.object({ slug: singleLineText({ min: 1, max: 80 }) });

export const errorBody = z.object({
  err_key: z.enum(errKeys as [string, ...string[]]),
  err_msg: z.union([z.string(), z.array(z.string()), z.record(z.string(), z.unknown())]).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const successBody = z.object({ success: z.literal(true) });
export const echoBody = z.object({ ok: z.literal(true) });

/**
 * YYYY-MM-DD that names a real calendar day. Year 0000 is refused: JavaScript's calendar has it,
 * PostgreSQL's does not.
 */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_format', abort: true })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return (
        !value.startsWith('0000') &&
        !Number.isNaN(date.getTime()) &&
        date.toISOString().startsWith(value)
      );
    },
    { message: 'date_invalid', abort: true },
  );

/** The earliest birthdate taken: anyone older is a typo, not a user. */
export const BIRTHDATE_MIN = '1900-01-01';

/** A birthdate: a real day from BIRTHDATE_MIN up to today (UTC); the age rule is the service's. */
export const birthdate = isoDate.refine(
  (value) => value >= BIRTHDATE_MIN && value <= new Date().toISOString().slice(0, 10),
  'date_out_of_range',
);
