import { z } from 'zod';
import { errKeys } from '../errors.ts';

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

export const slugParam = z.object({ slug: z.string().min(1).max(80) });

export const errorBody = z.object({
  err_key: z.enum(errKeys as [string, ...string[]]),
  err_msg: z.union([z.string(), z.array(z.string()), z.record(z.string(), z.unknown())]).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const successBody = z.object({ success: z.literal(true) });
export const echoBody = z.object({ ok: z.literal(true) });

/** YYYY-MM-DD that names a real calendar day. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date_format')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'date_invalid');
