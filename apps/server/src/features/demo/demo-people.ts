import type { Sex } from '@glimpse/contract';

export interface DemoPerson {
  name: string;
  sex: Sex;
  country: string;
  age: number;
  creator: boolean;
  bio: string;
  /** Login; defaults to `<first name>@demo.glimpse.app`. */
  email?: string;
}

/** The demo cast: creators across sexes, ages and countries, and a few plain viewers. */
export const DEMO_PEOPLE: DemoPerson[] = [
  {
    name: 'Anna Rivera',
    sex: 'female',
    country: 'es',
    age: 26,
    creator: true,
    bio: 'Dancer in Madrid. New routine every week.',
  },
  {
    name: 'Ben Carter',
    sex: 'male',
    country: 'us',
    age: 31,
    creator: true,
    bio: 'Strength coach. Form checks and honest advice.',
  },
  {
    name: 'Chloe Martin',
    sex: 'female',
    country: 'fr',
    age: 24,
    creator: true,
    bio: 'Paris street style and vintage finds.',
  },
  {
    name: 'Dario Rossi',
    sex: 'male',
    country: 'it',
    age: 38,
    creator: true,
    bio: 'Home cooking from Bologna, no shortcuts.',
  },
  {
    name: 'Eli Novak',
    sex: 'transgender',
    country: 'cz',
    age: 29,
    creator: true,
    bio: 'Transition journey, fashion and late-night talks.',
  },
  {
    name: 'Fatima Haddad',
    sex: 'female',
    country: 'ma',
    age: 33,
    creator: true,
    bio: 'Travel diaries from the Atlas to the coast.',
  },
  {
    name: 'Gabe Müller',
    sex: 'male',
    country: 'de',
    age: 45,
    creator: true,
    bio: 'Analog photography and darkroom stories.',
  },
  {
    name: 'Hana Sato',
    sex: 'female',
    country: 'jp',
    age: 22,
    creator: true,
    bio: 'Cosplay builds, from sketch to stage.',
  },
  {
    name: 'Isaac Mensah',
    sex: 'male',
    country: 'gh',
    age: 27,
    creator: true,
    bio: 'Afrobeats producer. Studio sessions live.',
  },
  {
    name: 'Jade Wilson',
    sex: 'transgender',
    country: 'gb',
    age: 35,
    creator: true,
    bio: 'Makeup artist. Tutorials and behind the scenes.',
  },
  {
    name: 'Kai Andersen',
    sex: 'male',
    country: 'dk',
    age: 23,
    creator: true,
    bio: 'Skater, filmer, sometimes both at once.',
  },
  {
    name: 'Lena Petrova',
    sex: 'female',
    country: 'bg',
    age: 41,
    creator: true,
    bio: 'Yoga for busy people, ten minutes a day.',
  },
  {
    name: 'Mateo Silva',
    sex: 'male',
    country: 'br',
    age: 30,
    creator: true,
    bio: 'Capoeira and beach workouts in Rio.',
  },
  {
    name: 'Nora Lindqvist',
    sex: 'female',
    country: 'se',
    age: 52,
    creator: true,
    bio: 'Ceramics studio diaries.',
  },
  {
    name: 'Omar Farouk',
    sex: 'male',
    country: 'eg',
    age: 36,
    creator: true,
    bio: 'History walks through old Cairo.',
  },
  {
    name: 'Priya Nair',
    sex: 'female',
    country: 'in',
    age: 28,
    creator: true,
    bio: 'Classical dance meets pop.',
  },
  {
    name: 'Quinn Taylor',
    sex: 'transgender',
    country: 'ca',
    age: 19,
    creator: true,
    bio: 'Gaming, art streams and good vibes.',
  },
  {
    name: 'Rosa Jiménez',
    sex: 'female',
    country: 'mx',
    age: 34,
    creator: true,
    bio: 'Street food tours across Mexico City.',
  },
  {
    name: 'Sam O’Neill',
    sex: 'male',
    country: 'ie',
    age: 62,
    creator: true,
    bio: 'Folk guitar and stories from the pub.',
  },
  {
    name: 'Tara Kowalski',
    sex: 'female',
    country: 'pl',
    age: 25,
    creator: true,
    bio: 'Nail art, tiny canvases.',
  },
  {
    name: 'Uma Reddy',
    sex: 'female',
    country: 'in',
    age: 47,
    creator: true,
    bio: 'Spice blends and family recipes.',
  },
  {
    name: 'Victor Dubois',
    sex: 'male',
    country: 'be',
    age: 29,
    creator: true,
    bio: 'Comedy sketches in three languages.',
  },
  {
    name: 'Wren Alvarez',
    sex: 'transgender',
    country: 'ar',
    age: 32,
    creator: true,
    bio: 'Tango, tattoos and Buenos Aires nights.',
  },
  {
    name: 'Yara Costa',
    sex: 'female',
    country: 'pt',
    age: 20,
    creator: true,
    bio: 'Surf mornings in Nazaré.',
  },
  {
    name: 'Zane Brooks',
    sex: 'male',
    country: 'au',
    age: 39,
    creator: true,
    bio: 'Outback travel and wildlife.',
  },
  { name: 'Mia Becker', sex: 'female', country: 'de', age: 30, creator: false, bio: '' },
  { name: 'Noah Kim', sex: 'male', country: 'kr', age: 27, creator: false, bio: '' },
  { name: 'Olivia Brown', sex: 'female', country: 'us', age: 35, creator: false, bio: '' },
  { name: 'Lucas Moreau', sex: 'male', country: 'fr', age: 44, creator: false, bio: '' },
  { name: 'Sasha Ivanova', sex: 'transgender', country: 'ee', age: 26, creator: false, bio: '' },
];

export const DEMO_PASSWORD = 'glimpse-demo-2026';

/** "Anna Rivera" -> "anna@demo.glimpse.app": stable, readable demo logins. */
export function demoEmail(person: DemoPerson): string {
  if (person.email) return person.email;
  const first = person.name
    .split(' ')[0]!
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '');
  return `${first}@demo.glimpse.app`;
}
