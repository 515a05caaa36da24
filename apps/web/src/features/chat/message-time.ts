/**
 * Times and days of messages, in the viewer's time zone. Spec 2: a message's time is
 * hour:minute am/pm ("9:05 pm"), written out here rather than by Intl, whose 12-hour form
 * varies by engine (a narrow no-break space, "PM" in capitals).
 */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The local calendar day of a moment, to group messages under date separators. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days from `iso` to `now` (0 = today, 1 = yesterday). */
export function daysAgo(iso: string, now: Date = new Date()): number {
  return Math.round((startOfDay(now) - startOfDay(new Date(iso))) / 86_400_000);
}

const dateInYear = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' });
const dateWithYear = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const longDateInYear = new Intl.DateTimeFormat('en', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});
const longDateWithYear = new Intl.DateTimeFormat('en', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const weekday = new Intl.DateTimeFormat('en', { weekday: 'short' });

/**
 * A date separator's text, apart from "Today" and "Yesterday", which the caller translates:
 * the weekday and date this year ("Monday, March 3"), else the date with its year.
 */
export function separatorDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return date.getFullYear() === now.getFullYear()
    ? longDateInYear.format(date)
    : longDateWithYear.format(date);
}

/** A list row's time: the time today, the weekday within the week, else the date. */
export function listTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const days = daysAgo(iso, now);
  if (days <= 0) return formatMessageTime(iso);
  if (days < 7) return weekday.format(date);
  return date.getFullYear() === now.getFullYear()
    ? dateInYear.format(date)
    : dateWithYear.format(date);
}
