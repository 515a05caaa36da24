import { AGE_MIN } from '@glimpse/contract';
import { activeLanguage } from '../i18n/languages.ts';

/** Whole years between a YYYY-MM-DD birthdate and `today`, or NaN when the date is not real. */
export function ageOn(birthdate: string, today: Date = new Date()): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return Number.NaN;
  let age = today.getFullYear() - year;
  const beforeBirthday =
    today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export function isAdult(birthdate: string, today: Date = new Date()): boolean {
  const age = ageOn(birthdate, today);
  return Number.isFinite(age) && age >= AGE_MIN;
}

/** The latest birthdate that is still 18 today, for the date input's `max`. */
export function latestAdultBirthdate(today: Date = new Date()): string {
  const year = today.getFullYear() - AGE_MIN;
  const month = String(today.getMonth() + 1).padStart(2, '0');
  const day = String(today.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date or time as the language on screen writes it (`formatDate(d, { dateStyle: 'medium' })`:
 * "Mar 3, 2026" in English, "03.03.2026" in German). Each language and options pair builds its
 * formatter once: building one costs a slow phone measurable time in a long list.
 */
export function formatDate(
  value: Date | string,
  options: Intl.DateTimeFormatOptions,
  language: string = activeLanguage(),
): string {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    dateFormats.set(key, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A clock time: hour:minute am/pm in English ("9:05 pm", spec 2, written out rather than by
 * Intl, whose 12-hour form varies by engine: a narrow no-break space, "PM" in capitals), the
 * language's own form elsewhere ("21:05" in German).
 */
export function formatClockTime(value: Date | string, language: string = activeLanguage()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (language === 'en') {
    const hours = date.getHours();
    const minutes = String(date.getMinutes()).padStart(2, '0');
    return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
  }
  return formatDate(date, { hour: '2-digit', minute: '2-digit' }, language);
}
