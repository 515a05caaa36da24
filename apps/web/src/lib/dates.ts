import { AGE_MIN } from '@glimpse/contract';

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
