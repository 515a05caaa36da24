/** A stream's running time in the largest unit that reads well: "1 h 5 min", "12 min 3 s", "40 s". */
export type StreamDuration =
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'minutes'; minutes: number; seconds: number }
  | { unit: 'seconds'; seconds: number };

/** From the first video to the end; null while either time is unknown (never went live). */
export function streamDuration(
  startedAt: string | null,
  endedAt: string | null,
): StreamDuration | null {
  if (startedAt === null || endedAt === null) return null;
  const total = Math.max(
    0,
    Math.round((new Date(endedAt).getTime() - new Date(startedAt).getTime()) / 1000),
  );
  if (total >= 3600) {
    return { unit: 'hours', hours: Math.floor(total / 3600), minutes: Math.floor(total / 60) % 60 };
  }
  if (total >= 60) return { unit: 'minutes', minutes: Math.floor(total / 60), seconds: total % 60 };
  return { unit: 'seconds', seconds: total };
}
