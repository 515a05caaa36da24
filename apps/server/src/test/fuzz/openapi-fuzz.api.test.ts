import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrKey, type Story } from '@glimpse/contract';
import { client, startTestServer, type TestServer } from '../harness.ts';
import { signedUpUser, TEST_PASSWORD } from '../factories.ts';
import { postStory, processedStory } from '../stories.ts';
import { fieldSweep } from './field-sweep.ts';
import { operationsOf, type Operation } from './openapi-operations.ts';
import { requestFor, type FuzzRequest, type KnownValues } from './request-arbitrary.ts';

/**
 * Drives every operation of the server's own OpenAPI document (so routes added later are
 * covered without touching this file) with generated requests: valid-ish values from the
 * contract's schemas, boundary numbers, hostile strings, wrong types, missing and extra fields,
 * broken JSON and broken multipart, hostile path and query values, with and without a session.
 * No answer may be a 5xx, and every 4xx must carry a catalogued err_key.
 *
 * Not driven here, because the OpenAPI document leaves them out on purpose (they are not JSON
 * API operations): `/api/openapi.json` itself, signed media under `/media/{key}` (covered by
 * media-access.api.test.ts) and the tus protocol under `/api/uploads` (story-uploads.api.test.ts
 * and input-hardening.api.test.ts).
 */

/** Fixed, so a failure replays; override with FUZZ_SEED to explore. */
const SEED = Number(process.env.FUZZ_SEED ?? 8_151_977);
const CASES_PER_OPERATION = 100;

let server: TestServer;
let known: KnownValues;
let email: string;
let operations: Operation[];

beforeAll(async () => {
  server = await startTestServer();
  const owner = await signedUpUser(server);
  const other = await signedUpUser(server);
  email = owner.body.email;
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const posted = await postStory(owner.client, { data: png });
  const story: Story = await processedStory(server, owner.client, posted.json<Story>().id);
  known = {
    pathValues: [owner.user.id, other.user.id, story.id, owner.user.slug, other.user.slug].map(
      String,
    ),
    png,
  };
  const doc = (await client(server).get('/api/openapi.json')).json();
  // Destructive operations last, so the rows the others aim at still exist while they run.
  const rank = (op: Operation) =>
    op.path === '/api/auth/logout' ? 2 : op.method === 'DELETE' ? 1 : 0;
  operations = operationsOf(doc).sort((a, b) => rank(a) - rank(b));
});
afterAll(async () => {
  await server?.stop();
});

let ownerCookie: string | undefined;

/**
 * A session for the owner: the last one while it still holds (one sign-in costs ~40 ms of
 * password hashing, so one per operation was a fifth of the suite), else a fresh one, since an
 * earlier operation may have logged it out or revoked it. Wrong current passwords sent to the
 * password and address changes count as failed sign-ins: the limit starts afresh for every
 * operation, so each one meets it from the start.
 */
async function ownerSession(): Promise<string> {
  await server.ctx.limiter.reset(`login-fail:email:${email}`);
  if (ownerCookie) {
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `glimpse_session=${ownerCookie}` },
    });
    if (me.statusCode === 200) return ownerCookie;
  }
  const c = client(server);
  const response = await c.post('/api/auth/login', { email, password: TEST_PASSWORD });
  if (response.statusCode !== 200 || !c.cookie) throw new Error(`login: ${response.body}`);
  ownerCookie = c.cookie;
  return ownerCookie;
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` ${JSON.stringify(request.payload.toString().slice(0, 300))}`;
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)}${
    request.anonymous ? ' (no session)' : ''
  }${payload}`;
}

/** What is wrong with an answer, or undefined when it is a proper success or catalogued 4xx. */
function problemWith(response: { statusCode: number; body: string }): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body}`;
  if (response.statusCode < 400) return undefined;
  let errKey: unknown;
  try {
    errKey = (JSON.parse(response.body) as { err_key?: unknown }).err_key;
  } catch {
    return `answered ${response.statusCode} without JSON: ${response.body.slice(0, 200)}`;
  }
  return isErrKey(errKey) ? undefined : `answered ${response.statusCode} with err_key ${errKey}`;
}

describe('every OpenAPI operation under generated hostile requests', () => {
  it('finds the operations in the document, multipart ones with their form', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const stories = operations.find((op) => op.method === 'POST' && op.path === '/api/stories');
    expect(Object.keys(stories?.bodies ?? {})).toEqual(
      expect.arrayContaining(['multipart/form-data', 'application/json']),
    );
  });

  it(`answers no 5xx, and a catalogued err_key with every 4xx (seed ${SEED})`, async () => {
    const failures: string[] = [];
    let failed = 0;
    for (const [index, op] of operations.entries()) {
      const before = failed;
      const seed = SEED + index;
      const requests = [
        ...fc.sample(requestFor(op, known), { seed, numRuns: CASES_PER_OPERATION }),
        ...fieldSweep(op, known, seed),
      ];
      const cookie = await ownerSession();
      for (const request of requests) {
        const response = await server.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: {
            ...request.headers,
            ...(request.anonymous ? {} : { cookie: `glimpse_session=${cookie}` }),
          },
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
          remoteAddress: `10.99.${index}.${requests.indexOf(request) % 250}`,
        });
        const problem = problemWith(response);
        if (!problem) continue;
        failed += 1;
        // The first three per operation: enough to see each cause without drowning in repeats.
        if (failed - before <= 3)
          failures.push(`[seed ${seed}] ${describeRequest(request)}\n  -> ${problem}`);
      }
    }
    expect(failures, `${failed} bad answers`).toEqual([]);
    // A budget for 2,600 requests on two shared cores, not a measurement.
  }, 240_000);
});
