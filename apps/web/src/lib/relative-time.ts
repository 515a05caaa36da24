/**
 * How long a label may be: `narrow` for tight rows ("2h ago"), `long` inside a sentence
 * ("Reported 2 hours ago").
 */
export type TimeAgoStyle = 'narrow' | 'long';

const formats = new Map<string, Intl.RelativeTimeFormat>();

function formatOf(language: string, style: TimeAgoStyle, numeric: 'auto' | 'always') {
  const key = `${language}|${style}|${numeric}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { style, numeric });
    formats.set(key, format);
  }
  return format;
}

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
 * How long ago `time` was, in the language on screen ("2h ago", "vor 2 Std.", "yesterday"),
 * through Intl.RelativeTimeFormat: seconds read as "now", then whole minutes, hours, days,
 * weeks, months or years, rounded down. Only "now" and "yesterday" use the words (numeric
 * `auto`): a week, a month or a year counts ("1w ago", "1 week ago"), because `auto`'s narrow
 * "last wk." reads as an abbreviation and "last week" names a calendar week that 13 days ago is
 * not. A time a little ahead (a clock off by a few seconds) is "now" too.
 */
export function formatTimeAgo(
  time: string | Date,
  language: string,
  now: number = Date.now(),
  style: TimeAgoStyle = 'narrow',
): string {
  const seconds = Math.max(0, Math.floor((now - new Date(time).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds < size) continue;
    const count = Math.floor(seconds / size);
    const numeric = unit === 'day' && count === 1 ? 'auto' : 'always';
    return formatOf(language, style, numeric).format(-count, unit);
  }
  return formatOf(language, style, 'auto').format(0, 'second');
}
