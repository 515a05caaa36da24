/**
 * When a user's daily digest is due: once per local day, from DIGEST_LOCAL_HOUR on in their time
 * zone (notification_settings.time_zone, UTC without a row or with a zone this runtime does not
 * know).
 */
export const DIGEST_LOCAL_HOUR = 8;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = formatFor('UTC');
    }
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in the zone at `instant`, as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/**
 * Today's `hour`:00 in the zone as an instant, once it has passed at `now`; null before it
 * (nothing is due yet today).
 */
export function digestBoundary(now: Date, timeZone: string, hour = DIGEST_LOCAL_HOUR): Date | null {
  const wall = wallClock(now.getTime(), timeZone);
  const day = new Date(wall);
  const boundaryWall = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour);
  if (wall < boundaryWall) return null;
  // The zone's offset at the boundary itself (a DST change may lie between it and now).
  let instant = boundaryWall - (wall - now.getTime());
  instant = boundaryWall - (wallClock(instant, timeZone) - instant);
  return new Date(Math.floor(instant / 1000) * 1000);
}

/** Whether the user's digest is due at `now`: the hour has passed and none went since. */
export function digestDue(
  now: Date,
  timeZone: string,
  lastDigestAt: Date | null,
  hour = DIGEST_LOCAL_HOUR,
): boolean {
  const boundary = digestBoundary(now, timeZone, hour);
  return boundary !== null && (lastDigestAt === null || lastDigestAt < boundary);
}
