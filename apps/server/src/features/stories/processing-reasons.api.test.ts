import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { processingReasons, type OwnStory, type Story } from '@glimpse/contract';
import { stories } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { truncated } from '../../test/hostile-media.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import { postStory, processedStory } from '../../test/stories.ts';

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('why a story failed, as its owner sees it', () => {
  it('is a catalogued key for an unreadable video; the tool output goes to the log only', async () => {
    const owner = await signedUpUser(server);
    const events = vi.spyOn(server.ctx.realtime, 'toUser');
    const warnings = vi.spyOn(server.ctx.log, 'warn');
    try {
      const posted = await postStory(owner.client, {
        data: truncated(await makeVideo({ seconds: 2 }), 0.4),
        filename: 'clip.mp4',
        contentType: 'video/mp4',
      });
      expect(posted.statusCode).toBe(201);
      const story = await processedStory(server, owner.client, posted.json<Story>().id);
      expect(story.processing_error).toBe('processing_unreadable_video');
      const own = (await owner.client.get('/api/users/me/stories')).json<OwnStory[]>();
      expect(own[0]).toMatchObject({
        id: story.id,
        processing_error: 'processing_unreadable_video',
      });
      expect(events).toHaveBeenCalledWith(owner.user.id, 'story.failed', {
        story_id: story.id,
        error: 'processing_unreadable_video',
      });
      // The detail names the job's temporary file: it must reach the log and nothing else.
      const logged = warnings.mock.calls.map(([fields]) => fields as Record<string, unknown>);
      expect(logged).toContainEqual(
        expect.objectContaining({
          storyId: story.id,
          reason: 'processing_unreadable_video',
          detail: expect.stringMatching(/not a readable video \(.*source/),
        }),
      );
    } finally {
      events.mockRestore();
      warnings.mockRestore();
    }
  });

  it('shows the generic key for a row that still holds free text from before', async () => {
    const owner = await signedUpUser(server);
    const posted = await postStory(owner.client, {
      data: truncated(await makeVideo({ seconds: 1 }), 0.4),
      filename: 'clip.mp4',
      contentType: 'video/mp4',
    });
    const { id } = posted.json<Story>();
    await processedStory(server, owner.client, id);
    await server.ctx.db
      .update(stories)
      .set({
        processingError: 'not a readable video (/tmp/glimpse-story-x/source: Invalid data)',
      })
      .where(eq(stories.id, id));
    expect((await owner.client.get(`/api/stories/${id}`)).json().processing_error).toBe(
      'processing_failed',
    );
    const own = (await owner.client.get('/api/users/me/stories')).json<OwnStory[]>();
    expect(own[0]!.processing_error).toBe('processing_failed');
  });
});

/** The server's own source: every .ts file under src except tests and the test helpers. */
function sourceFiles(dir = SERVER_SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(SERVER_SRC, 'test') ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('processing reason catalogue against the server source', () => {
  const source = sourceFiles()
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

  it('uses every catalogued reason somewhere in the server', () => {
    expect(processingReasons.filter((reason) => !source.includes(`'${reason}'`))).toEqual([]);
  });

  it('fails media only with a literal, catalogued reason', () => {
    const thrown = [...source.matchAll(/new UnprocessableMediaError\(\s*([^,]*),/g)].map(
      (match) => match[1]!,
    );
    expect(thrown.length).toBeGreaterThan(5);
    expect(
      thrown.filter((arg) => !(processingReasons as string[]).includes(arg.replace(/'/g, ''))),
    ).toEqual([]);
  });
});
