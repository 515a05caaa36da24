import type { Sex } from '@glimpse/contract';
import type { DemoPerson } from './demo-people.ts';

const FIRST: Record<Sex, string[]> = {
  female: [
    'Ava',
    'Bea',
    'Cleo',
    'Dana',
    'Esme',
    'Flora',
    'Gia',
    'Ines',
    'Juno',
    'Kira',
    'Lola',
    'Maya',
    'Nina',
    'Opal',
    'Pia',
  ],
  male: [
    'Arlo',
    'Bruno',
    'Cyrus',
    'Dev',
    'Emil',
    'Finn',
    'Hugo',
    'Ivan',
    'Joel',
    'Leo',
    'Milo',
    'Nico',
    'Otto',
    'Rafa',
    'Teo',
  ],
  transgender: [
    'Alex',
    'Blair',
    'Casey',
    'Drew',
    'Ellis',
    'Frankie',
    'Jules',
    'Kit',
    'Morgan',
    'Remy',
    'Robin',
    'Sky',
    'Toni',
  ],
};
const LAST = [
  'Abara',
  'Berg',
  'Castro',
  'Diaz',
  'Eriksen',
  'Fontaine',
  'Gupta',
  'Horvat',
  'Ito',
  'Jensen',
  'Kaur',
  'Laine',
  'Moreno',
  'Nakamura',
  'Okafor',
  'Perez',
  'Quist',
  'Rahman',
  'Sato',
  'Tanaka',
  'Varga',
  'Weber',
  'Yilmaz',
  'Zhou',
];
const COUNTRIES = [
  'us',
  'gb',
  'de',
  'fr',
  'es',
  'it',
  'br',
  'mx',
  'ar',
  'ca',
  'jp',
  'kr',
  'in',
  'ng',
  'za',
  'au',
  'se',
  'pl',
  'tr',
  'ph',
];
const BIOS = [
  'Stories most days.',
  'Here for the good light.',
  'Weekly behind the scenes.',
  'New city every month.',
  'Small moments, big sky.',
];

/**
 * More creators, generated, so Discover has several pages and every filter (sex, age, country,
 * tags, categories) visibly changes the lists. Deterministic: the same crowd on every fresh start.
 */
export function demoCrowd(count: number): DemoPerson[] {
  const sexes: Sex[] = ['female', 'male', 'transgender'];
  return Array.from({ length: count }, (_, i) => {
    const sex = sexes[i % 3]!;
    const first = FIRST[sex][(i * 7) % FIRST[sex].length]!;
    const last = LAST[(i * 5) % LAST.length]!;
    return {
      name: `${first} ${last}`,
      sex,
      country: COUNTRIES[(i * 3) % COUNTRIES.length]!,
      age: 18 + ((i * 13) % 60),
      creator: true,
      bio: BIOS[i % BIOS.length]!,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@demo.glimpse.app`,
    };
  });
}
