import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';

/**
 * Invisible marks inside a display name (a probe found `ad\u200bmin` stored as typed) are removed
 * at sign-up and on profile edit; emoji sequences are stored whole (docs/decisions.md).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const MARKS = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u2060',
  '\u061c',
  '\ufeff',
  '\u{e0041}',
  '\u{e007f}',
];
const FAMILY = 'Fam \u{1f468}\u200d\u{1f469}\u200d\u{1f467} \u2764\ufe0f';

describe('display names with invisible marks inside', () => {
  it.each(MARKS.map((mark) => [mark.codePointAt(0)!.toString(16), mark]))(
    'sign-up and profile edit store the name without U+%s',
    async (_code, mark) => {
      const { user, client } = await signedUpUser(server, { name: `Sup${mark}port` });
      expect(user.name).toBe('Support');
      const edited = await client.put('/api/users/me/profile', { name: `Ad${mark}${mark}min` });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().name).toBe('Admin');
      const profile = await client.get(`/api/users/${user.id}`);
      expect(profile.json().name).toBe('Admin');
    },
  );

  it('keeps emoji sequences as typed', async () => {
    const { user, client } = await signedUpUser(server, { name: FAMILY });
    expect(user.name).toBe(FAMILY);
    const edited = await client.put('/api/users/me/profile', { name: `${FAMILY}!` });
    expect(edited.json().name).toBe(`${FAMILY}!`);
  });

  it('refuses a name of nothing but invisible marks and tags', async () => {
    const { client } = await signedUpUser(server);
    const response = await client.put('/api/users/me/profile', { name: '\u200b\u{e0041}\u2060' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      err_key: 'validation_failed',
      errors: { name: ['name_invisible'] },
    });
  });
});
