const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A session's place as the language on screen names it: a two-letter country code ("DE")
 * becomes "Germany" / "Deutschland"; anything else the server sent is shown as it came.
 */
export function placeName(place: string, language: string): string {
  if (!/^[a-z]{2}$/i.test(place)) return place;
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    regionNames.set(language, names);
  }
  try {
    return names.of(place.toUpperCase()) ?? place;
  } catch {
    return place;
  }
}
