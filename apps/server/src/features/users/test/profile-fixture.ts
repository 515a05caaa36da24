import { afterAll, beforeAll, expect } from 'vitest';
import type { CurrentUser, UserCategory } from '@glimpse/contract';
import { client, startTestServer, type Client, type TestServer } from '../../../test/harness.ts';

/**
 * The setup the profile suites share: one server per file and the category list it serves,
 * with a lookup of a parent category by title.
 */
export function useProfileServer() {
  let server: TestServer | undefined;
  let categories: UserCategory[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    categories = (await client(server).get('/api/user-categories')).json();
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server(): TestServer {
      if (!server) throw new Error('the test server starts in beforeAll');
      return server;
    },
    get categories(): UserCategory[] {
      return categories;
    },
    category(title: string): UserCategory {
      const found = categories.find((c) => c.title === title);
      if (!found) throw new Error(`no category ${title}`);
      return found;
    },
  };
}

export function putProfile(c: Client, body: Record<string, unknown>) {
  return c.put('/api/users/me/profile', body);
}

/** The signed-in user, asserting the read succeeded. */
export async function me(c: Client): Promise<CurrentUser> {
  const response = await c.get('/api/auth/me');
  expect(response.statusCode).toBe(200);
  return response.json<CurrentUser>();
}
