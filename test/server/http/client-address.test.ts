import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, trustedProxies } from '../../../src/server/http/client.js';
import { hostAllowed, originAllowed, type OriginPolicy } from '../../../src/server/http/origin.js';

const request = (remote: string, headers: Record<string, string> = {}): IncomingMessage =>
  ({ socket: { remoteAddress: remote }, headers }) as unknown as IncomingMessage;

describe('client address behind proxies', () => {
  const trusted = trustedProxies(['loopback', '10.0.0.2']);
  const table: [remote: string, forwarded: string | undefined, expected: string][] = [
    // Not from a trusted proxy: the header is whatever the client wrote, so it is ignored.
    ['203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['::ffff:203.0.113.9', undefined, '203.0.113.9'],
    // From a trusted proxy: the hop it appended.
    ['127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['::1', '198.51.100.1', '198.51.100.1'],
    // A forged left part is skipped: the rightmost untrusted hop is the client.
    ['127.0.0.1', '6.6.6.6, 198.51.100.1', '198.51.100.1'],
    // Chained trusted proxies are walked through.
    ['127.0.0.1', '198.51.100.1, 10.0.0.2', '198.51.100.1'],
    // Garbage stops the walk at the last address we can vouch for.
    ['127.0.0.1', 'not-an-ip', '127.0.0.1'],
    ['127.0.0.1', undefined, '127.0.0.1'],
  ];
  it.each(table)('%s with X-Forwarded-For %s is %s', (remote, forwarded, expected) => {
    const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
    expect(clientAddress(request(remote, headers), trusted)).toBe(expected);
  });

  it('trusts nobody by default', () => {
    expect(
      clientAddress(request('127.0.0.1', { 'x-forwarded-for': '1.2.3.4' }), trustedProxies([])),
    ).toBe('127.0.0.1');
  });
});

describe('host and origin checks', () => {
  const policy: OriginPolicy = {
    allowedHosts: new Set(['c4.example']),
    allowedOrigins: ['https://partner.example'],
    trustedProxies: trustedProxies(['loopback']),
  };
  const hosts: [host: string, allowed: boolean][] = [
    ['127.0.0.1:3000', true],
    ['[::1]:3000', true],
    ['192.168.1.20:3000', true],
    ['localhost:3000', true],
    ['c4.example', true],
    ['C4.Example:443', true],
    // DNS rebinding: an attacker's name pointed at this server.
    ['evil.example', false],
    ['evil.example:3000', false],
    ['', false],
  ];
  it.each(hosts)('Host %s allowed=%s', (host, allowed) => {
    expect(hostAllowed(request('127.0.0.1', { host }), policy)).toBe(allowed);
  });

  const origins: [origin: string, host: string, headers: Record<string, string>, ok: boolean][] = [
    ['http://127.0.0.1:3000', '127.0.0.1:3000', {}, true],
    // The scheme counts: an https page is not this plain-http server's own origin...
    ['https://127.0.0.1:3000', '127.0.0.1:3000', {}, false],
    // ...unless a trusted TLS proxy says the browser used https.
    ['https://c4.example', 'c4.example', { 'x-forwarded-proto': 'https' }, true],
    ['http://c4.example', 'c4.example', { 'x-forwarded-proto': 'https' }, false],
    // Origin and Host both naming a foreign host (DNS rebinding) are refused.
    ['http://evil.example:3000', 'evil.example:3000', {}, false],
    ['https://partner.example', '127.0.0.1:3000', {}, true],
    ['https://other.example', '127.0.0.1:3000', {}, false],
  ];
  it.each(origins)('Origin %s to Host %s', (origin, host, headers, ok) => {
    expect(originAllowed(request('127.0.0.1', { origin, host, ...headers }), policy)).toBe(ok);
  });
});
