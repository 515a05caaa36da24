import { describe, expect, it } from 'vitest';
import { clientAddress } from './handshake-address.ts';

describe('handshake address (WebSocket handshakes)', () => {
  it('takes the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('81.169.145.105', '8.8.8.8', [])).toBe('81.169.145.105');
    expect(clientAddress('::ffff:127.0.0.1', '8.8.8.8', [])).toBe('127.0.0.1');
  });

  it('follows X-Forwarded-For only through trusted proxies', () => {
    const trusted = ['127.0.0.1', '10.0.0.0/8'];
    expect(clientAddress('127.0.0.1', '81.169.145.105', trusted)).toBe('81.169.145.105');
    // A client's forged first hop stays behind the first untrusted address.
    expect(clientAddress('10.1.2.3', '8.8.8.8, 81.169.145.105, 10.9.9.9', trusted)).toBe(
      '81.169.145.105',
    );
    expect(clientAddress('192.168.7.7', '81.169.145.105', trusted)).toBe('192.168.7.7');
    expect(clientAddress('127.0.0.1', 'not an address', trusted)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', undefined, trusted)).toBe('127.0.0.1');
  });
});
