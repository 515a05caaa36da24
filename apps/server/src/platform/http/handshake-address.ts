import { BlockList, isIP } from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function trustList(trusted: string[]): BlockList {
  const list = new BlockList();
  for (const entry of trusted) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/**
 * The client address of a raw request (a WebSocket handshake), by the rule Fastify's
 * `trustProxy` applies to HTTP requests (platform/http/app.ts): starting from the socket, each
 * hop named in X-Forwarded-For is believed only while the one before it is a trusted proxy
 * (TRUSTED_PROXIES). With none trusted, the socket's address, whatever the header says.
 */
export function clientAddress(
  socketAddress: string,
  forwardedFor: string | string[] | undefined,
  trusted: string[],
): string {
  let client = plain(socketAddress);
  if (trusted.length === 0 || forwardedFor === undefined) return client;
  const list = trustList(trusted);
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((hop) => plain(hop.trim()))
    .filter((hop) => isIP(hop) !== 0)
    .reverse();
  for (const hop of hops) {
    const family = isIP(client) === 6 ? 'ipv6' : 'ipv4';
    if (!list.check(client, family)) break;
    client = hop;
  }
  return client;
}
