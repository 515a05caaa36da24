/** Which profile sexes a tag applies to: M male, F female, T transgender. */
type Genders = readonly ('M' | 'F' | 'T')[];

export interface TagSeed {
  title: string;
  group: string;
  genders: Genders;
}

const ALL: Genders = ['M', 'F', 'T'];

function group(name: string, entries: readonly (string | [string, Genders])[]): TagSeed[] {
  return entries.map((entry) =>
    typeof entry === 'string'
      ? { title: entry, group: name, genders: ALL }
      : { title: entry[0], group: name, genders: entry[1] },
  );
}

/** The tag vocabulary creators describe themselves with; viewers filter Discover by it. */
export const TAGS: readonly TagSeed[] = [
  ...group('Content', [
    'ASMR',
    'Art',
    'Behind the scenes',
    'Comedy',
    'Cooking',
    'Cosplay',
    'Dance',
    'Fashion',
    'Fitness',
    'Gaming',
    'Music',
    'Photography',
    'Travel',
    'Vlog',
    'Yoga',
  ]),
  ...group('Look', [
    'Alternative',
    'Glamour',
    'Natural',
    'Piercings',
    'Streetwear',
    'Tattoos',
    'Vintage',
    ['Beard', ['M']],
    ['Bodybuilding', ['M', 'F']],
    ['Lingerie', ['F', 'T']],
    ['Makeup', ['F', 'T']],
    ['Nails', ['F', 'T']],
    ['Suits', ['M']],
  ]),
  ...group('Personality', [
    'Adventurous',
    'Chill',
    'Creative',
    'Flirty',
    'Funny',
    'Nerdy',
    'Romantic',
    'Shy',
    'Sporty',
  ]),
  ...group('Interaction', [
    'Custom requests',
    'Daily posts',
    'Live streams',
    'Replies to messages',
    'Video calls',
  ]),
];
