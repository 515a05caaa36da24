import type { Rgb } from '../support/png.ts';

/**
 * The visual suite's own people and stories, created through the real API on an empty server
 * (DEMO_SEED=false) by dataset.setup.ts. Everything a screenshot shows comes from here: fixed
 * names, birthdates, countries and generated pictures, so every run draws the same screens.
 */

export const PASSWORD = 'visual suite 2026';

export interface Person {
  /** The slug the server derives from the name on an empty database. */
  slug: string;
  name: string;
  email: string;
  sex: 'male' | 'female' | 'transgender';
  /** Fixed, not "n years ago": the edit form shows the date itself. */
  birthdate: string;
  countryCode: string;
  bio: string;
  /** Avatar and story colours. */
  colour: Rgb;
  /** Profile categories as parent title -> sub-category title (all apply to every sex). */
  categories: Record<string, string>;
  /** Story captions, posted oldest first. */
  stories: string[];
}

const person = (
  slug: string,
  fields: Omit<Person, 'slug' | 'email' | 'bio' | 'categories'> &
    Partial<Pick<Person, 'bio' | 'categories'>>,
): Person => ({
  slug,
  email: `${slug}@visual.glimpse.test`,
  bio: '',
  categories: {},
  ...fields,
});

/** The signed-in user of most screens: follows two creators, has two stories of her own. */
export const VIEWER = person('vera-lind', {
  name: 'Vera Lind',
  sex: 'female',
  birthdate: '1994-03-12',
  countryCode: 'fr',
  bio: 'Coffee, film cameras and long walks by the river.',
  colour: [58, 110, 165],
  categories: { 'Hair Color': 'Brown', 'Eye Color': 'Green', Height: 'Tall' },
  stories: ['Morning light over the river', 'Market day in the old town'],
});

/**
 * A viewer who has never opened a story: the viewer shows him the first-time guide. His guide
 * flag is never cleared (the guide screen stops the page clock before the guide closes itself).
 */
export const THEO = person('theo-brandt', {
  name: 'Theo Brandt',
  sex: 'male',
  birthdate: '1991-08-25',
  countryCode: 'nl',
  colour: [90, 96, 110],
  stories: [],
});

/** Followed by the viewer: the Following row. */
export const ANNA = person('anna-rivers', {
  name: 'Anna Rivers',
  sex: 'female',
  birthdate: '1992-07-21',
  countryCode: 'de',
  bio: 'Runner, baker, early riser. New stories most mornings.',
  colour: [196, 78, 82],
  categories: { 'Hair Color': 'Blonde', 'Eye Color': 'Blue', 'Body Type': 'Athletic' },
  stories: ['Sunrise run along the lake', 'Fresh bread from the corner bakery'],
});

export const MARCO = person('marco-bellini', {
  name: 'Marco Bellini',
  sex: 'male',
  birthdate: '1988-11-02',
  countryCode: 'it',
  colour: [46, 139, 87],
  stories: ['Espresso before work'],
});

/** Discover: the viewer follows none of them. Fatima's first story is shown locked. */
export const FATIMA = person('fatima-haddad', {
  name: 'Fatima Haddad',
  sex: 'female',
  birthdate: '1996-01-30',
  countryCode: 'ma',
  colour: [150, 92, 180],
  stories: ['Spice market colours', 'Rooftop tea at sunset', 'Night walk through the medina'],
});

const DISCOVER_OTHERS = [
  person('kenji-watanabe', {
    name: 'Kenji Watanabe',
    sex: 'male',
    birthdate: '1990-05-14',
    countryCode: 'jp',
    colour: [222, 140, 40],
    stories: ['Rainy evening in Kyoto'],
  }),
  person('sofia-marquez', {
    name: 'Sofia Marquez',
    sex: 'female',
    birthdate: '1998-09-09',
    countryCode: 'es',
    colour: [40, 150, 190],
    stories: ['Beach volleyball finals', 'Paella for twelve'],
  }),
  person('liam-walsh', {
    name: 'Liam Walsh',
    sex: 'male',
    birthdate: '1993-02-18',
    countryCode: 'ie',
    colour: [110, 120, 60],
    stories: ['Cliffs after the storm'],
  }),
  person('noor-khan', {
    name: 'Noor Khan',
    sex: 'transgender',
    birthdate: '1995-12-05',
    countryCode: 'pk',
    colour: [200, 90, 150],
    stories: ['Studio day: new prints'],
  }),
];

/**
 * Creators in posting order. Home lists put the latest story first, so posting one creator
 * after another fixes the Discover order (Noor, Liam, Sofia, Kenji, Fatima).
 */
export const CREATORS: readonly Person[] = [ANNA, MARCO, FATIMA, ...DISCOVER_OTHERS];

export const FOLLOWED: readonly Person[] = [ANNA, MARCO];

export const EVERYONE: readonly Person[] = [VIEWER, THEO, ...CREATORS];

/**
 * Messaging people (chat-dataset.ts has their chats). None posts a story, so none appears on the
 * home lists, and nobody follows them: the story screens stay as they were.
 */

/** A verified creator: her broadcast channel, her chat with Omar, the Go live screen. */
export const IRIS = person('iris-novak', {
  name: 'Iris Novak',
  sex: 'female',
  birthdate: '1993-04-17',
  countryCode: 'cz',
  bio: 'Singer-songwriter. Live sessions on Fridays.',
  colour: [214, 120, 60],
  stories: [],
});

/**
 * Iris's fan, following her: the open direct chat (bubbles both ways, read marks, a tip and a
 * tip request), the channels list and her channel as a viewer.
 */
export const OMAR = person('omar-farouk', {
  name: 'Omar Farouk',
  sex: 'male',
  birthdate: '1997-10-03',
  countryCode: 'eg',
  colour: [60, 140, 140],
  stories: [],
});

/** A verified creator who charges for direct messages: the viewer's options dialog. */
export const NINA = person('nina-petrova', {
  name: 'Nina Petrova',
  sex: 'female',
  birthdate: '1995-06-28',
  countryCode: 'bg',
  bio: 'Personal trainer. Ask me anything about your plan.',
  colour: [120, 80, 200],
  stories: [],
});

export const MESSAGING_PEOPLE: readonly Person[] = [IRIS, OMAR, NINA];
