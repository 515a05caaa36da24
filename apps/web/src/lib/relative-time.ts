const formats = new Map<string, Intl.RelativeTimeFormat>();

/** The largest unit that fits, with how many seconds it takes. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago `time` was, short, in the language on screen ("2h ago", "vor 2 Std.",
 * "yesterday"), through Intl.RelativeTimeFormat: seconds read as "now", then whole minutes,
 * hours, days, weeks, months or years, rounded down. A time a little ahead (a clock off by a
 * few seconds) is "now" too.
 */
export function formatTimeAgo(
  time: string | Date,
  language: string,
  now: number = Date.now(),
): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { style: 'narrow', numeric: 'auto' });
    formats.set(language, format);
  }
  const seconds = Math.max(0, Math.floor((now - new Date(time).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}
