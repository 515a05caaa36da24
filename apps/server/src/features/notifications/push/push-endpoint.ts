import { isIP } from 'node:net';

/**
 * Whether the server may POST to a subscription's endpoint. The browser's push service is
 * always an https host on the internet; anything else is someone pointing the server at a
 * machine of its own network (request forgery), so production refuses it. Development and the
 * tests allow http and loopback, where the test push service listens.
 */
export function endpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (!production) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0) return false;
  return (
    host.includes('.') &&
    !host.endsWith('.localhost') &&
    !host.endsWith('.local') &&
    !host.endsWith('.internal')
  );
}
