import { formatClockTime, formatDate } from '../../lib/dates.ts';

/**
 * Times and days of messages, in the viewer's time zone and the language on screen. Spec 2: a
 * message's time is hour:minute am/pm ("9:05 pm") in English (lib/dates.ts, formatClockTime).
 */
export function formatMessageTime(iso: string): string {
  return formatClockTime(iso);
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

const dateInYear: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const dateWithYear: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
};
const longDateInYear: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
};
const longDateWithYear: Intl.DateTimeFormatOptions = {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
};

/**
 * A date separator's text, apart from "Today" and "Yesterday", which the caller translates:
 * the weekday and date this year ("Monday, March 3"), else the date with its year.
 */
export function separatorDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return formatDate(
    date,
    date.getFullYear() === now.getFullYear() ? longDateInYear : longDateWithYear,
  );
}

/** A list row's time: the time today, the weekday within the week, else the date. */
export function listTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const days = daysAgo(iso, now);
  if (days <= 0) return formatMessageTime(iso);
  if (days < 7) return formatDate(date, { weekday: 'short' });
  return formatDate(date, date.getFullYear() === now.getFullYear() ? dateInYear : dateWithYear);
}
