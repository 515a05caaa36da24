import isoCountries_ from 'i18n-iso-countries';

/**
 * Names people look for, where the ISO "official" English name is the long or formal form
 * (nobody scrolls to "Russian Federation" or "Taiwan, Province of China").
 */
const PREFERRED_NAMES: Record<string, string> = {
  cn: 'China',
  cz: 'Czechia',
  ir: 'Iran',
  mk: 'North Macedonia',
  ps: 'Palestine',
  ru: 'Russia',
  tw: 'Taiwan',
  tz: 'Tanzania',
  us: 'United States',
};

/** Every ISO 3166-1 country (plus Kosovo's user-assigned XK) with its lower-case code. */
export function isoCountries(): { code: string; name: string }[] {
  const names = isoCountries_.getNames('en', { select: 'official' });
  return Object.entries(names).map(([upper, name]) => {
    const code = upper.toLowerCase();
    return { code, name: PREFERRED_NAMES[code] ?? name };
  });
}
