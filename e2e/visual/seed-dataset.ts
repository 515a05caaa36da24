import { expect, type APIRequestContext } from '@playwright/test';
import { SIGN_UP_CONSENT } from '../support/accounts.ts';
import { avatarPng, storyPicturePng } from '../support/pictures.ts';
import type { Rgb } from '../support/png.ts';
import { ok } from './api-call.ts';
import { seedChats, type SeededPerson } from './chat-dataset.ts';
import { CREATORS, FOLLOWED, PASSWORD, THEO, VIEWER, type Person } from './dataset.ts';

/**
 * Creates the visual dataset through the public API, as a client would: sign-up, avatar,
 * profile, stories, follows, chats (chat-dataset.ts). Each person gets a request context of their own (its cookie jar is
 * their session); `open` makes one with the server's Origin so the CSRF check passes.
 */

type OpenContext = () => Promise<APIRequestContext>;

/** Story processing runs in the background, one job at a time. */
const PROCESSING_TIMEOUT_MS = 90_000;

interface CategoryJson {
  title: string;
  sub_categories: Array<{ id: number; title: string }>;
}

/** Sub-category ids for "Parent -> Sub" titles, as the categories API lists them. */
async function categoryIds(api: APIRequestContext, who: Person): Promise<number[]> {
  const parents = (await ok(
    await api.get(`/api/user-categories?gender=${who.sex}`),
    'categories',
  )) as CategoryJson[];
  return Object.entries(who.categories).map(([parentTitle, subTitle]) => {
    const sub = parents
      .find((parent) => parent.title === parentTitle)
      ?.sub_categories.find((candidate) => candidate.title === subTitle);
    if (!sub) throw new Error(`no category ${parentTitle} -> ${subTitle} for ${who.sex}`);
    return sub.id;
  });
}

/** The colour a story's gradient runs to: the person's colour turned darker and bluer. */
const storyEndColour = ([red, green, blue]: Rgb): Rgb => [
  Math.round(red * 0.35),
  Math.round(green * 0.4),
  Math.min(255, Math.round(blue * 0.6 + 60)),
];

async function createPerson(open: OpenContext, who: Person): Promise<SeededPerson> {
  const api = await open();
  const registered = (await ok(
    await api.post('/api/auth/register', {
      data: {
        email: who.email,
        password: PASSWORD,
        name: who.name,
        birthdate: who.birthdate,
        sex: who.sex,
        country_code: who.countryCode,
        ...SIGN_UP_CONSENT,
      },
    }),
    `register ${who.name}`,
    201,
  )) as { id: number; slug: string };
  // Screens and tests address people by slug; a suffixed slug means the data dir was not empty.
  expect(registered.slug, 'the visual suite needs an empty server').toBe(who.slug);

  await ok(
    await api.post('/api/users/me/avatar', {
      multipart: {
        file: { name: 'avatar.png', mimeType: 'image/png', buffer: avatarPng(who.colour) },
      },
    }),
    `avatar of ${who.name}`,
  );
  await ok(
    await api.put('/api/users/me/profile', {
      data: { bio: who.bio, userCategories: await categoryIds(api, who) },
    }),
    `profile of ${who.name}`,
  );
  return { api, id: registered.id };
}

async function postStories(api: APIRequestContext, who: Person): Promise<void> {
  for (const [index, text] of who.stories.entries()) {
    await ok(
      await api.post('/api/stories', {
        multipart: {
          file: {
            name: `story-${index + 1}.png`,
            mimeType: 'image/png',
            buffer: storyPicturePng(who.colour, storyEndColour(who.colour), index),
          },
          model: JSON.stringify({ text, tags: [], price: null }),
          meta: JSON.stringify({ muted: false, width: 360, height: 640 }),
        },
      }),
      `story "${text}"`,
      201,
    );
  }
}

interface OwnStoryState {
  is_processing: boolean;
  processing_error: string | null;
}

/** Waits until every story of this person is processed (and fails on a processing error). */
async function waitForProcessing(api: APIRequestContext, who: Person): Promise<void> {
  await expect
    .poll(
      async () => {
        const own = (await ok(
          await api.get('/api/users/me/stories'),
          'own stories',
        )) as OwnStoryState[];
        const failed = own.find((story) => story.processing_error !== null);
        if (failed) throw new Error(`a story of ${who.name} failed: ${failed.processing_error}`);
        return own.filter((story) => !story.is_processing).length;
      },
      { timeout: PROCESSING_TIMEOUT_MS, intervals: [250, 500, 1_000] },
    )
    .toBe(who.stories.length);
}

/**
 * Whether an earlier run made the whole dataset on this server (VISUAL_REUSE_SERVER): the
 * viewer's own stories are the last thing it creates.
 */
async function datasetExists(open: OpenContext, contexts: APIRequestContext[]): Promise<boolean> {
  const api = await open();
  contexts.push(api);
  const login = await api.post('/api/auth/login', {
    data: { email: VIEWER.email, password: PASSWORD },
  });
  if (login.status() !== 200) return false;
  const own = (await ok(await api.get('/api/users/me/stories'), 'own stories')) as OwnStoryState[];
  return own.length === VIEWER.stories.length && own.every((story) => !story.is_processing);
}

/**
 * Creates everyone, one creator after another (each creator's stories ready before the next
 * posts, so "latest story first" orders the home lists the same way every run).
 */
export async function seedVisualDataset(open: OpenContext): Promise<void> {
  const contexts: APIRequestContext[] = [];
  try {
    if (await datasetExists(open, contexts)) return;
    const people = new Map<Person, SeededPerson>();
    const create = async (who: Person) => {
      const created = await createPerson(open, who);
      contexts.push(created.api);
      people.set(who, created);
      return created;
    };
    const viewer = await create(VIEWER);
    // The guide has its own screen (Theo's); on Vera's viewer screens it would cover the story.
    await ok(await viewer.api.post('/api/users/update-guide'), 'clear the guide');
    await create(THEO);
    for (const creator of CREATORS) {
      const { api, id } = await create(creator);
      await postStories(api, creator);
      await waitForProcessing(api, creator);
      if (FOLLOWED.includes(creator)) {
        await ok(await viewer.api.post(`/api/users/${id}/follow`), `follow ${creator.name}`);
      }
    }
    await seedChats(people, create);
    await postStories(viewer.api, VIEWER);
    await waitForProcessing(viewer.api, VIEWER);
  } finally {
    await Promise.all(contexts.map((api) => api.dispose()));
  }
}
