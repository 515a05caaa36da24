/**
 * busboy (inside @fastify/multipart) reports a body it cannot parse with plain Errors: no code,
 * no status. They are recognised by their messages, so that a missing or wrong boundary, LF-only
 * line ends or a body cut short answer 400 on every multipart route instead of 500. The API
 * tests and the fuzz suite send each kind, so a busboy upgrade that rewords one fails there.
 */
const MALFORMED_MULTIPART_MESSAGES = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of multipart data$/,
  /^\w+ terminated early due to unexpected end of multipart data$/,
  /^Unsupported Content-Type\.$/,
  /^Missing Content-Type-header\.$/,
];

export function isMalformedMultipart(error: {
  message?: string;
  code?: string;
  statusCode?: number;
}): boolean {
  if (error.code !== undefined || error.statusCode !== undefined) return false;
  const message = error.message ?? '';
  return MALFORMED_MULTIPART_MESSAGES.some((pattern) => pattern.test(message));
}
