import { inArray } from 'drizzle-orm';
import { TERMS_VERSION, toCents } from '@glimpse/contract';
import { users, userTags, tags } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { hashPassword } from '../auth/index.ts';
import { getUserCategories } from '../reference/index.ts';
import { createAccount, findAccountByEmail, replaceCategories, setAvatar } from '../users/index.ts';
import { demoAvatarPng } from './demo-avatar.ts';
import { demoCategoryChoice } from './demo-categories.ts';
import { demoCrowd } from './demo-crowd.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, demoEmail, type DemoPerson } from './demo-people.ts';
import { seedDemoModerator } from './demo-moderation.ts';
import type { DemoCreator } from './demo-stories.ts';

const DEMO_CROWD_SIZE = 45;

/** Everyone the seed signs up, in order (the order fixes the PRNG's draws and the prices). */
export const demoCast = (): DemoPerson[] => [...DEMO_PEOPLE, ...demoCrowd(DEMO_CROWD_SIZE)];

/** Small deterministic PRNG so every fresh demo looks the same. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function birthdateForAge(age: number, random: () => number): string {
  const today = new Date();
  const date = new Date(
    Date.UTC(today.getUTCFullYear() - age - 1, today.getUTCMonth(), today.getUTCDate()),
  );
  date.setUTCDate(date.getUTCDate() + 1 + Math.floor(random() * 360));
  return date.toISOString().slice(0, 10);
}

/**
 * The demo people with logins, categories, tags and avatars, and the demo moderator. Resumable:
 * a person whose account exists (a start that died half-way) is completed, not signed up again,
 * and the PRNG draws the same numbers for them, so the result equals an uninterrupted seed.
 */
export async function seedDemoPeople(ctx: AppContext): Promise<number> {
  const random = mulberry32(20261122);
  const passwordHash = await hashPassword(ctx.config.passwordHashCost, DEMO_PASSWORD);
  const allCategories = await getUserCategories(ctx, undefined);
  const allTags = await ctx.db.select().from(tags);
  // The demo people agree to the current terms and confirm 18+ as a sign-up does, when seeded.
  const consentedAt = new Date();

  const people = demoCast();
  for (const [index, person] of people.entries()) {
    // Two creators in three are verified; only they may charge (decisions.md, Prices).
    const verified = person.creator && index % 3 !== 2;
    const birthdate = birthdateForAge(person.age, random);
    const user =
      (await findAccountByEmail(ctx, demoEmail(person))) ??
      (await createAccount(ctx, {
        email: demoEmail(person),
        passwordHash,
        name: person.name,
        birthdate,
        sex: person.sex,
        countryCode: person.country,
        termsVersion: TERMS_VERSION,
        termsAcceptedAt: consentedAt,
        adultConfirmedAt: consentedAt,
        // The demo addresses are taken as confirmed: nobody can follow a link mailed to them.
        emailVerifiedAt: consentedAt,
        bio: person.bio,
        guide: true,
        order: person.creator && index % 7 === 0 ? 10 : 0,
        verifyOndatoAt: verified ? new Date(Date.UTC(2026, 5, 1 + index)) : null,
        subscribePriceCents: verified
          ? toCents([4.99, 9.99, 14.99][Math.floor(index / 3) % 3]!)
          : null,
        benefitsList: person.creator
          ? ['Full access to every story', 'Priority replies to messages']
          : [],
        bundles: person.creator
          ? [
              { period: 3, discount: 10, isEnabled: true },
              { period: 6, discount: 15, isEnabled: index % 2 === 0 },
              { period: 12, discount: 25, isEnabled: index % 4 === 0 },
            ]
          : [],
        directMessagePriceCents: verified && index % 4 === 1 ? toCents(2.99) : null,
      }));

    await replaceCategories(ctx, user.id, demoCategoryChoice(allCategories, person.sex, random));

    const applicable = allTags.filter((tag) =>
      person.sex === 'male'
        ? tag.isMale
        : person.sex === 'female'
          ? tag.isFemale
          : tag.isTransgender,
    );
    const picked = new Set<number>();
    for (let i = 0; i < 3; i++)
      picked.add(applicable[Math.floor(random() * applicable.length)]!.id);
    await ctx.db
      .insert(userTags)
      .values([...picked].map((tagId) => ({ userId: user.id, tagId })))
      .onConflictDoNothing();

    if (!user.avatarKey) await setAvatar(ctx, user.id, await demoAvatarPng(index + 1));
  }
  await seedDemoModerator(ctx, passwordHash);
  return people.length;
}

/** The seeded creators and viewers, read back (a resumed seed did not create them itself). */
export async function demoCastIds(
  ctx: AppContext,
): Promise<{ creators: DemoCreator[]; viewerIds: number[] }> {
  const people = demoCast();
  const rows = await ctx.db
    .select({ id: users.id, email: users.email, verifiedAt: users.verifyOndatoAt })
    .from(users)
    .where(inArray(users.email, people.map(demoEmail)));
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  const creators: DemoCreator[] = [];
  const viewerIds: number[] = [];
  for (const person of people) {
    const row = byEmail.get(demoEmail(person));
    if (!row) continue;
    if (person.creator) creators.push({ id: row.id, verified: row.verifiedAt !== null });
    else viewerIds.push(row.id);
  }
  return { creators, viewerIds };
}
