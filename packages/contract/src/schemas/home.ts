import { z } from 'zod';
import { AGE_MAX, AGE_MIN } from '../constants.ts';
import { intParam } from './common.ts';
import { sexSchema } from './reference.ts';

/** Spec 3 "Home list item". */
export const homeItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** Smaller copies of the picture for `<img srcset>` (docs/decisions.md); absent from older servers. */
  avatar_srcset: z.string().nullable().optional(),
  /** Number of ready stories. */
  has_stories: z.number().int(),
  hasNotWatchedStories: z.boolean(),
  order: z.number().int(),
  isVerify: z.boolean(),
  subscribed: z.boolean(),
  /** Present while the creator is live. */
  stream: z
    .object({ id: z.number().int(), title: z.string(), viewer_count: z.number().int() })
    .nullable(),
});
export type HomeItem = z.infer<typeof homeItemSchema>;

export const HOME_SECTIONS = ['subscribed', 'following', 'discover'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** A query value that may arrive once (`x=1`) or repeated (`x[]=1&x[]=2`): always a list. */
function list<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
    z.array(item).max(500),
  );
}

/**
 * The home filter on the wire (spec 3 "Filter"). Array fields accept `name[]` and `name`.
 * Parsed by `parseHomeFilter`, which merges both spellings.
 */
export const homeFilterQuery = z
  .object({
    age_min: intParam(AGE_MIN, AGE_MAX).optional(),
    age_max: intParam(AGE_MIN, AGE_MAX).optional(),
    'genders[]': list(sexSchema).optional(),
    genders: list(sexSchema).optional(),
    'tags[]': list(intParam(1, 2_147_483_647)).optional(),
    tags: list(intParam(1, 2_147_483_647)).optional(),
    'categories[]': list(intParam(1, 2_147_483_647)).optional(),
    categories: list(intParam(1, 2_147_483_647)).optional(),
    'countries[]': list(intParam(0, 2_147_483_647)).optional(),
    countries: list(intParam(0, 2_147_483_647)).optional(),
    page: intParam(1, 10_000).optional(),
    limit: intParam(1, 60).optional(),
  })
  .refine((q) => q.age_min === undefined || q.age_max === undefined || q.age_min <= q.age_max, {
    message: 'age_min_above_age_max',
    path: ['age_min'],
  });
export type HomeFilterQuery = z.infer<typeof homeFilterQuery>;

export interface HomeFilter {
  ageMin: number;
  ageMax: number;
  genders: ('male' | 'female' | 'transgender')[];
  tags: number[];
  categories: number[];
  /** Country ids; empty (or containing the All entry, id 0) means every country. */
  countries: number[];
  page: number;
  limit: number;
}

export const HOME_DEFAULT_LIMIT = 18;

export function parseHomeFilter(query: HomeFilterQuery): HomeFilter {
  const merge = <T>(a: T[] | undefined, b: T[] | undefined) => [
    ...new Set([...(a ?? []), ...(b ?? [])]),
  ];
  const countries = merge(query['countries[]'], query.countries);
  return {
    ageMin: query.age_min ?? AGE_MIN,
    ageMax: query.age_max ?? AGE_MAX,
    genders: merge(query['genders[]'], query.genders),
    tags: merge(query['tags[]'], query.tags),
    categories: merge(query['categories[]'], query.categories),
    countries: countries.includes(0) ? [] : countries,
    page: query.page ?? 1,
    limit: query.limit ?? HOME_DEFAULT_LIMIT,
  };
}

export const followResponse = z.object({ following: z.boolean() });
