import { HAIR_COLOR_CATEGORY } from '@glimpse/contract';

export interface SubCategorySeed {
  title: string;
  /** Hair Color only: a hex colour, or `colorful` for the rainbow swatch. */
  colorCode?: string;
}

export interface UserCategorySeed {
  title: string;
  forMale: boolean;
  forFemale: boolean;
  forTransgender: boolean;
  subCategories: SubCategorySeed[];
}

const everyone = { forMale: true, forFemale: true, forTransgender: true };
const subs = (...titles: string[]): SubCategorySeed[] => titles.map((title) => ({ title }));

/** Profile categories, in display order. A profile picks at most one sub-category per parent. */
export const USER_CATEGORIES: readonly UserCategorySeed[] = [
  {
    title: HAIR_COLOR_CATEGORY,
    ...everyone,
    subCategories: [
      { title: 'Black', colorCode: '#1c1c1c' },
      { title: 'Brown', colorCode: '#6b4423' },
      { title: 'Blonde', colorCode: '#e8c872' },
      { title: 'Red', colorCode: '#b33a2b' },
      { title: 'Gray', colorCode: '#9e9e9e' },
      { title: 'White', colorCode: '#f0f0f0' },
      { title: 'Colorful', colorCode: 'colorful' },
      { title: 'Bald' },
    ],
  },
  { title: 'Eye Color', ...everyone, subCategories: subs('Brown', 'Blue', 'Green', 'Hazel', 'Gray') },
  {
    title: 'Body Type',
    ...everyone,
    subCategories: subs('Slim', 'Athletic', 'Average', 'Curvy', 'Muscular', 'Plus-size'),
  },
  { title: 'Height', ...everyone, subCategories: subs('Petite', 'Average', 'Tall') },
  {
    title: 'Bust',
    forMale: false,
    forFemale: true,
    forTransgender: true,
    subCategories: subs('Small', 'Medium', 'Large'),
  },
  {
    title: 'Beard',
    forMale: true,
    forFemale: false,
    forTransgender: false,
    subCategories: subs('Clean-shaven', 'Stubble', 'Short beard', 'Full beard', 'Moustache'),
  },
  {
    title: 'Ethnicity',
    ...everyone,
    subCategories: subs(
      'Asian',
      'Black',
      'Latino',
      'Middle Eastern',
      'Mixed',
      'Native',
      'South Asian',
      'White',
    ),
  },
  { title: 'Tattoos', ...everyone, subCategories: subs('None', 'A few', 'Many') },
];
