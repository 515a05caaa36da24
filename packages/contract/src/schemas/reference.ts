import { z } from 'zod';
import { SEXES } from '../constants.ts';
import { singleLineText } from './text.ts';

export const sexSchema = z.enum(SEXES);

/** ISO 3166-1 alpha-2, lower-case. */
export const countryCode = singleLineText({ min: 2, max: 2 }).toLowerCase();

export const tagSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  group: z.string(),
  is_male: z.boolean(),
  is_female: z.boolean(),
  is_transgender: z.boolean(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagsQuery = z.object({
  'genders[]': z.union([sexSchema, z.array(sexSchema)]).optional(),
  genders: z.union([sexSchema, z.array(sexSchema)]).optional(),
});

export const countrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Lower-case ISO 3166-1 alpha-2 code (flag-icons class), or "all" for the All entry. */
  code: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const subCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** A CSS colour, the word "colorful", or null. */
  color_code: z.string().nullable(),
});
export type SubCategory = z.infer<typeof subCategorySchema>;

const flag = z.union([z.literal(0), z.literal(1)]);

/** A parent category's sexes (categories.ts `categoryAppliesToSex` reads them). */
export const categorySexFlagsShape = {
  for_male: flag,
  for_female: flag,
  for_transgender: flag,
};

export const userCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  ...categorySexFlagsShape,
  sub_categories: z.array(subCategorySchema),
});
export type UserCategory = z.infer<typeof userCategorySchema>;

export const userCategoriesQuery = z.object({ gender: sexSchema.optional() });
