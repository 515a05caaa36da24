/**
 * The unique index a failed write ran into (PostgreSQL 23505), or undefined for any other
 * error. drizzle wraps the driver's error, so the chain of causes is searched.
 */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}
