/** Quiet hours travel as minutes after midnight; the time inputs speak "HH:MM". */
export function minutesToTime(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Undefined for an input that is not a whole time yet (being typed, or cleared). */
export function timeToMinutes(time: string): number | undefined {
  const match = /^(\d{2}):(\d{2})/.exec(time);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes < 24 * 60 ? minutes : undefined;
}

/** The quiet hours a user gets on turning them on: the night. */
export const DEFAULT_QUIET_HOURS = { start: 22 * 60, end: 7 * 60 };

/** The zone this browser is in ("Europe/Berlin"); UTC where it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The zone the screen shows: the saved one, unless the user never set one (quiet hours off and
 * the server's default, UTC), where the browser's own is the likelier truth.
 */
export function shownTimeZone(saved: string, quietHoursOn: boolean): string {
  return !quietHoursOn && saved === 'UTC' ? browserTimeZone() : saved;
}

/** Every zone the browser knows, the shown one included even if it does not list it. */
export function timeZones(shown: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(shown) ? zones : [shown, ...zones];
}
