import type { Page } from '@playwright/test';
import { FIXED_NOW } from './screen.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The console's times come from the server's clock, which the suite does not fix (the data is
 * made minutes before the picture, and the page's clock stands at FIXED_NOW). Its answers are
 * presented as if made at FIXED_NOW: the past instants in an answer keep their order and are
 * spread 5 hours apart back from 25 minutes before FIXED_NOW; future ones (a suspension's end)
 * keep their whole days from the server's now. A queue item is overdue when its first report is
 * older than 72 hours at that presented time, as the server decides it against its own clock.
 */
export function presentAtFixedNow(body: unknown, serverNow: number): unknown {
  const past = new Set<number>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string' && ISO.test(value)) {
      const at = Date.parse(value);
      if (at <= serverNow) past.add(at);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(body);
  const newestFirst = [...past].sort((a, b) => b - a);
  const presented = new Map(
    newestFirst.map((at, rank) => [at, FIXED_NOW.getTime() - 25 * 60_000 - rank * 5 * HOUR]),
  );
  const rewrite = (value: unknown): unknown => {
    if (typeof value === 'string' && ISO.test(value)) {
      const at = Date.parse(value);
      const shown =
        presented.get(at) ?? FIXED_NOW.getTime() + Math.round((at - serverNow) / DAY) * DAY;
      return new Date(shown).toISOString();
    }
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      const entries = Object.entries(value).map(([key, inner]) => [key, rewrite(inner)] as const);
      const object = Object.fromEntries(entries) as Record<string, unknown>;
      if (typeof object.first_reported_at === 'string' && typeof object.overdue === 'boolean') {
        object.overdue = FIXED_NOW.getTime() - Date.parse(object.first_reported_at) > 72 * HOUR;
      }
      return object;
    }
    return value;
  };
  return rewrite(body);
}

/** Presents the console's and the standing page's answers at FIXED_NOW (see above). */
export async function presentTimesAtFixedNow(page: Page): Promise<void> {
  // auth/login: a suspended account's refusal says until when.
  await page.route(/\/api\/(moderation|account\/standing|appeals|auth\/login)/, async (route) => {
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('application/json')) return route.fulfill({ response });
    const date = response.headers()['date'];
    const serverNow = date ? Date.parse(date) + 1_000 : Date.now();
    return route.fulfill({
      response,
      json: presentAtFixedNow(await response.json(), serverNow),
    });
  });
}
