import type { FastifyInstance } from 'fastify';
import { isWellFormedText, TEXT_ISSUES } from '@glimpse/contract';
import { AppError } from '../errors/app-error.ts';

/** Far deeper than any request schema; deeper input is refused by its schema anyway. */
const MAX_DEPTH = 64;

/** The first string PostgreSQL cannot store (NUL, unpaired surrogate), as a field error. */
function findUnstorable(root: unknown): { field: string; issue: string } | undefined {
  // Iterative: a deeply nested JSON body must not overflow the stack here.
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: '', depth: 0 },
  ];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field: path, issue: TEXT_ISSUES.controlChars };
      if (!isWellFormedText(value)) return { field: path, issue: TEXT_ISSUES.malformed };
    } else if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        pending.push({ value: key, path: childPath, depth: depth + 1 });
        pending.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * A net under the contract's text helpers (which refuse these with their own field messages,
 * and much more): a NUL or an unpaired surrogate in a path parameter, the query or a JSON body
 * answers 400 before any handler runs, even on a route whose schema uses a plain `z.string()`.
 * Without it such a string reaches PostgreSQL, which refuses it with a 500.
 */
export function registerUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Signed media links answer every fault with the same 403 on purpose (media.routes.ts).
    if (!request.url.startsWith('/api/')) return;
    for (const value of [request.params, request.query, request.body]) {
      const found = findUnstorable(value);
      if (found) {
        throw new AppError('validation_failed', {
          errors: { [found.field || '_']: [found.issue] },
        });
      }
    }
  });
}
