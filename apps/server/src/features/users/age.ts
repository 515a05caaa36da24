/** Whole years between a YYYY-MM-DD birthdate and `today` (UTC calendar days). */
export function ageOn(birthdate: string, today: Date = new Date()): number {
  const [year, month, day] = birthdate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}
