import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Lower-case ISO 3166-1 alpha-2. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    group: text('group').notNull(),
    isMale: boolean('is_male').notNull(),
    isFemale: boolean('is_female').notNull(),
    isTransgender: boolean('is_transgender').notNull(),
  },
  (t) => [uniqueIndex('tags_title_key').on(t.title)],
);

export const userCategories = pgTable('user_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull().unique(),
  forMale: boolean('for_male').notNull(),
  forFemale: boolean('for_female').notNull(),
  forTransgender: boolean('for_transgender').notNull(),
  position: integer('position').notNull(),
});

export const subCategories = pgTable(
  'sub_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => userCategories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    colorCode: text('color_code'),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('sub_categories_title_key').on(t.categoryId, t.title)],
);
