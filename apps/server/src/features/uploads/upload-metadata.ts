/** Longest metadata value kept; a file name or a MIME type never needs more. */
const METADATA_VALUE_MAX = 255;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * tus metadata as it is stored: the client's values without control characters (a CR/LF in a
 * file name once broke the headers of the GET that serves the upload) and at most 255
 * characters. Keys are already plain ASCII without spaces (the tus parser refuses others).
 */
export function sanitizeUploadMetadata(
  metadata: Record<string, string | null> | undefined,
): Record<string, string | null> | undefined {
  if (!metadata) return metadata;
  const clean: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(metadata)) {
    clean[key.replace(CONTROLS, '')] =
      value === null ? null : value.replace(CONTROLS, '').slice(0, METADATA_VALUE_MAX);
  }
  return clean;
}

/** RFC 5987 ext-value: UTF-8, percent-encoded, with the characters it reserves encoded too. */
function extValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The Content-Disposition of an upload download: always an attachment (never rendered by the
 * browser), an ASCII fallback name and the real name in `filename*`. Sanitized again on the way
 * out, for uploads stored before the metadata was.
 */
export function attachmentDisposition(filename: string | null | undefined): string {
  const name = (filename ?? '').replace(CONTROLS, '').slice(0, METADATA_VALUE_MAX) || 'upload';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${extValue(name)}`;
}
