import { describe, expect, it } from 'vitest';
import { client } from '../../test/harness.ts';
import { me, putProfile, useProfileServer } from './test/profile-fixture.ts';
import { birthdateYearsAgo, signedUpUser } from '../../test/factories.ts';
import { verifyUser } from '../../test/stories.ts';

const suite = useProfileServer();

const category = (title: string) => suite.category(title);

describe('GET /api/users/{id}', () => {
  it('answers the companion fields of another user and nothing private', async () => {
    const { user: creator, client: creatorClient } = await signedUpUser(suite.server, {
      name: 'Cora Creator',
    });
    // Only verified users may charge (price-rules.ts).
    await verifyUser(suite.server, creator.id);
    await putProfile(creatorClient, { subscribePrice: 4.99, directMessagePrice: 2.5 });
    const { client: viewer } = await signedUpUser(suite.server);
    const response = await viewer.get(`/api/users/${creator.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: creator.id,
      name: 'Cora Creator',
      slug: creator.slug,
      profileImage: null,
      avatar_url: null,
      verified: true,
      on_holiday_mood: false,
      hasNotWatchedStories: false,
      isExistStory: false,
      subscribePrice: 4.99,
      directMessagePrice: 2.5,
      directMessageTurnOff: false,
      directMessageSubscribersOnly: false,
      // Charged and not bought yet (dm.send); the viewer blocked nobody.
      canSendMessages: false,
      blocked: false,
    });
  });

  it('answers 404 user_not_found for an id nobody has', async () => {
    const { client: viewer } = await signedUpUser(suite.server);
    for (const id of ['999999', '2147483647']) {
      const response = await viewer.get(`/api/users/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ err_key: 'user_not_found' });
    }
  });

  it.each(['abc', '1.5', '-3', '0', '1e3', '0x10', '%207', '2147483648', '99999999999'])(
    'answers 400 for the id "%s"',
    async (id) => {
      const { client: viewer } = await signedUpUser(suite.server);
      const response = await viewer.get(`/api/users/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().err_key).toBe('validation_failed');
    },
  );

  it('answers 401 unauthenticated without a session', async () => {
    const { user } = await signedUpUser(suite.server);
    const response = await client(suite.server).get(`/api/users/${user.id}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ err_key: 'unauthenticated' });
  });
});

describe('GET /api/users/slug/{slug}', () => {
  it('answers the public profile, with isOwn for the owner only', async () => {
    const { user, client: owner } = await signedUpUser(suite.server, {
      name: 'Pia Public',
      sex: 'transgender',
      country_code: 'fr',
    });
    await putProfile(owner, {
      bio: 'Hello there',
      benefits_list: ['Daily stories'],
      bundles: [{ period: 3, discount: 10, isEnabled: true }],
    });
    const { client: viewer } = await signedUpUser(suite.server);

    const seen = await viewer.get(`/api/users/slug/${user.slug}`);
    expect(seen.statusCode).toBe(200);
    const profile = seen.json();
    expect(profile).toMatchObject({
      id: user.id,
      slug: user.slug,
      name: 'Pia Public',
      bio: 'Hello there',
      sex: 'transgender',
      country_code: 'fr',
      profileImage: null,
      verified: false,
      subscriptionBenefits: {
        benefits_list: ['Daily stories'],
        bundles: [{ period: 3, discount: 10, isEnabled: true }],
      },
      followers: 0,
      subscribers: 0,
      isOwn: false,
      isBlocked: false,
      // The viewer neither follows nor subscribes: the channel is not theirs to open.
      channel_id: null,
    });
    for (const secret of ['email', 'birthdate', 'balance', 'guide'])
      expect(profile).not.toHaveProperty(secret);

    const own = await owner.get(`/api/users/slug/${user.slug}`);
    expect(own.json().isOwn).toBe(true);
  });

  it('answers 404 user_not_found for an unknown slug and 401 without a session', async () => {
    const { user, client: viewer } = await signedUpUser(suite.server);
    const unknown = await viewer.get('/api/users/slug/nobody-has-this-slug');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ err_key: 'user_not_found' });
    const anonymous = await client(suite.server).get(`/api/users/slug/${user.slug}`);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/users/me/profile', () => {
  it('round-trips every field through GET /api/auth/me', async () => {
    const { user, client: c } = await signedUpUser(suite.server);
    await verifyUser(suite.server, user.id);
    const body = {
      name: 'Renamed Person',
      bio: 'Stories about bread.',
      sex: 'male',
      birthdate: '1990-06-15',
      country_code: 'JP',
      subscribePrice: 4.99,
      benefits_list: ['Daily stories', 'Behind the scenes'],
      bundles: [
        { period: 3, discount: 10, isEnabled: true },
        { period: 12, discount: 30, isEnabled: false },
      ],
      directMessagePrice: 0.5,
      directMessageTurnOff: true,
      directMessageSubscribersOnly: true,
      on_holiday_mood: true,
    };
    const response = await putProfile(c, body);
    expect(response.statusCode).toBe(200);
    const expected = { ...body, country_code: 'jp' };
    expect(response.json()).toMatchObject(expected);
    expect(await me(c)).toMatchObject(expected);
  });

  it('stores prices as cents and clears them with null', async () => {
    const { user, client: c } = await signedUpUser(suite.server);
    await verifyUser(suite.server, user.id);
    await putProfile(c, { subscribePrice: 19.99, directMessagePrice: 0.1 });
    const [row] = (
      await suite.server.ctx.database.executeSql<{ s: number; d: number }>(
        'select subscribe_price_cents as s, direct_message_price_cents as d from users where id = $1',
        [user.id],
      )
    ).rows;
    expect(row).toEqual({ s: 1999, d: 10 });
    expect(await me(c)).toMatchObject({ subscribePrice: 19.99, directMessagePrice: 0.1 });

    expect((await putProfile(c, { subscribePrice: null })).statusCode).toBe(200);
    expect(await me(c)).toMatchObject({ subscribePrice: null, directMessagePrice: 0.1 });
  });

  it.each([
    ['more than two decimals', '4.999'],
    ['a negative amount', '-1'],
    ['a string', '"4.99"'],
    ['the string NaN', '"NaN"'],
    ['a number that overflows to Infinity', '1e400'],
    ['an amount over the maximum', '1000000'],
  ])('refuses %s as a price with validation_failed', async (_label, rawPrice) => {
    const { client: c } = await signedUpUser(suite.server);
    const response = await c.request({
      method: 'PUT',
      url: '/api/users/me/profile',
      payload: `{"subscribePrice": ${rawPrice}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().err_key).toBe('validation_failed');
    expect(Object.keys(response.json().errors)).toContain('subscribePrice');
    expect((await me(c)).subscribePrice).toBeNull();
  });

  it('refuses an underage birthdate and an unknown country', async () => {
    const { client: c, body } = await signedUpUser(suite.server);
    const young = await putProfile(c, { birthdate: birthdateYearsAgo(18, 1) });
    expect(young.statusCode).toBe(400);
    expect(young.json().err_key).toBe('underage');
    const nowhere = await putProfile(c, { country_code: 'zz' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().err_key).toBe('unknown_country');
    expect(await me(c)).toMatchObject({
      birthdate: body.birthdate,
      country_code: body.country_code,
    });
  });

  it('keeps a valid category choice, refuses invalid ones and clears with []', async () => {
    const { client: c } = await signedUpUser(suite.server);
    const hair = category('Hair Color').sub_categories;
    const body = category('Body Type').sub_categories;
    const chosen = [hair[0]!.id, body[1]!.id];
    const saved = await putProfile(c, { userCategories: chosen });
    expect(saved.statusCode).toBe(200);
    const mine = (await me(c)).userCategories;
    expect(mine.map((x: { id: number }) => x.id).sort()).toEqual([...chosen].sort());
    expect(mine.find((x: { id: number }) => x.id === hair[0]!.id)).toMatchObject({
      title: hair[0]!.title,
      color_code: hair[0]!.color_code,
      category_id: category('Hair Color').id,
      category_title: 'Hair Color',
    });

    const twoUnderOneParent = await putProfile(c, { userCategories: [hair[0]!.id, hair[1]!.id] });
    expect(twoUnderOneParent.statusCode).toBe(400);
    expect(twoUnderOneParent.json()).toMatchObject({
      err_key: 'invalid_category',
      errors: { userCategories: ['category_one_per_parent'] },
    });
    const unknown = await putProfile(c, { userCategories: [hair[0]!.id, 987654] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      err_key: 'invalid_category',
      errors: { userCategories: ['category_unknown'] },
    });
    const pastIntegerRange = await putProfile(c, { userCategories: [3_000_000_000] });
    expect(pastIntegerRange.statusCode).toBe(400);
    expect((await me(c)).userCategories).toHaveLength(2);

    expect((await putProfile(c, { userCategories: [] })).statusCode).toBe(200);
    expect((await me(c)).userCategories).toEqual([]);
  });

  it('refuses two bundles with the same period', async () => {
    const { client: c } = await signedUpUser(suite.server);
    const response = await putProfile(c, {
      bundles: [
        { period: 6, discount: 10, isEnabled: true },
        { period: 6, discount: 20, isEnabled: true },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      err_key: 'validation_failed',
      errors: { bundles: ['duplicate_period'] },
    });
  });

  it('refuses unknown fields, naming each one', async () => {
    const { client: c } = await signedUpUser(suite.server);
    const response = await putProfile(c, { name: 'Sneaky', email: 'x@example.com', balance: 1000 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      err_key: 'validation_failed',
      errors: { email: ['unknown_field'], balance: ['unknown_field'] },
    });
    expect((await me(c)).name).not.toBe('Sneaky');
  });

  it('answers 401 without a session', async () => {
    const response = await client(suite.server).put('/api/users/me/profile', { name: 'Nobody' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/users/update-guide', () => {
  it('clears the guide flag for good', async () => {
    const { client: c } = await signedUpUser(suite.server);
    expect((await me(c)).guide).toBe(true);
    const response = await c.post('/api/users/update-guide');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await me(c)).guide).toBe(false);
    expect((await client(suite.server).post('/api/users/update-guide')).statusCode).toBe(401);
  });
});
