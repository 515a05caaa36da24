/**
 * Adds business days (Monday to Friday) to a moment: the time of day stays, Saturdays and
 * Sundays are skipped, counted in UTC. A counter-notice's content returns ten business days
 * later (COUNTER_NOTICE_BUSINESS_DAYS). Public holidays differ by country and are not counted.
 */
export function addBusinessDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number >= 0');
  const result = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    result.setUTCDate(result.getUTCDate() + 1);
    const weekday = result.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return result;
}
