/** A user's quiet hours: minutes after midnight in their time zone; start after end wraps. */
export interface QuietHours {
  timeZone: string;
  quietStart: number | null;
  quietEnd: number | null;
}

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** The wall-clock minute of the day at `at` in `timeZone`. */
function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * When the quiet hours around `now` end, or null when `now` is not in them. The end is found by
 * counting wall-clock minutes, so on a day the clocks change it may be an hour off; a push that
 * then comes due still inside the hours is simply held again.
 */
export function quietUntil(now: Date, settings: QuietHours | undefined): Date | null {
  if (!settings || settings.quietStart === null || settings.quietEnd === null) return null;
  const { quietStart: start, quietEnd: end } = settings;
  if (start === end) return null;
  let minute: number;
  try {
    minute = minuteOfDay(now, settings.timeZone);
  } catch {
    minute = minuteOfDay(now, 'UTC');
  }
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const minutesLeft = (end - minute + DAY_MINUTES) % DAY_MINUTES;
  const startOfMinute = Math.floor(now.getTime() / MINUTE) * MINUTE;
  return new Date(startOfMinute + minutesLeft * MINUTE);
}
