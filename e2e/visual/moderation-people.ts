import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ok } from './api-call.ts';
import { PASSWORD } from './dataset.ts';
import { test } from './screen.ts';

/** Opens a fresh API context against the suite's server. */
export type OpenContext = () => Promise<APIRequestContext>;

/** The moderation suite's own people (moderation-dataset.ts makes them). */
export interface ModerationPerson {
  name: string;
  email: string;
}

export const person = (name: string, key: string): ModerationPerson => {
  if (name.length > 50) throw new Error(`"${name}" is longer than the 50 a name may have`);
  return { name, email: `${key}@moderation.visual.glimpse.test` };
};

/** An admin through ADMIN_EMAILS (playwright.visual.config.ts) once the address is confirmed. */
export const MODERATOR = person('Mira Okafor', 'mira');
/** The account whose history the Users tab shows: warned, a message taken down, suspended. */
export const HISTORY_USER = person(
  'Konstantin Wolfgang Oberhauser-Lindqvist Petrović',
  'konstantin',
);
/** The account whose standing page is shown: warned twice, a message taken down and appealed, payouts held. */
export const STANDING_USER = person('Rosalind Achterberg', 'rosalind');

/** A reporter who opens the report dialog on a long-named account (moderation.visual.ts). */
export const REPORT_DIALOG_REPORTER = person('Chen Wei', 'chen');
/** The long-named account reported in the dialog. */
export const LONG_NAMED_OWNER = person(
  'Xiomara Bethania Castellanos-Montenegro y Alvarado',
  'xiomara',
);

/** Signs the page in as one of these people. */
export async function signInAsModerationPerson(page: Page, who: ModerationPerson): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('baseURL is not configured');
  const response = await page.request.post('/api/auth/login', {
    headers: { Origin: new URL(baseURL).origin },
    data: { email: who.email, password: PASSWORD },
  });
  expect(response.status(), `sign in as ${who.name}`).toBe(200);
}

/** The handle the server gave someone (a long name's is cut), as the moderator finds it. */
export async function slugOf(open: OpenContext, who: ModerationPerson): Promise<string> {
  const api = await open();
  try {
    await ok(
      await api.post('/api/auth/login', {
        data: { email: MODERATOR.email, password: PASSWORD },
      }),
      'moderator signs in',
    );
    const found = (await ok(
      await api.get(`/api/moderation/users?q=${encodeURIComponent(who.email)}`),
      `find ${who.name}`,
    )) as { users: Array<{ slug: string; email: string }> };
    const match = found.users.find((user) => user.email === who.email);
    if (!match) throw new Error(`no account ${who.email}`);
    return match.slug;
  } finally {
    await api.dispose();
  }
}
