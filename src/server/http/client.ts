import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** Who is asking, as far as this server can tell: the address limits are keyed by. */

const LOOPBACK = ['127.0.0.1', '::1'];

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) is `1.2.3.4`. */
const normalize = (address: string): string =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

/** `TRUST_PROXY` entries: addresses, or `loopback` for 127.0.0.1 and ::1. */
export function trustedProxies(entries: readonly string[]): ReadonlySet<string> {
  return new Set(entries.flatMap((e) => (e === 'loopback' ? LOOPBACK : [normalize(e)])));
}

/**
 * The client's address. `X-Forwarded-For` is read only when the socket's peer is a trusted
 * proxy, from the right (the hops our proxies appended), skipping trusted hops: the first
 * untrusted one is the client. Anyone else could write any address there.
 */
export function clientAddress(req: IncomingMessage, trusted: ReadonlySet<string>): string {
  let address = normalize(req.socket.remoteAddress ?? 'unknown');
  if (!trusted.has(address)) return address;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalize(hops[i]!);
    if (isIP(hop) === 0) break;
    address = hop;
    if (!trusted.has(hop)) break;
  }
  return address;
}

/** The scheme the browser used: `https` when a trusted proxy says so, else this server's `http`. */
export function requestScheme(req: IncomingMessage, trusted: ReadonlySet<string>): string {
  const proto = req.headers['x-forwarded-proto'];
  const peer = normalize(req.socket.remoteAddress ?? '');
  if (typeof proto === 'string' && trusted.has(peer)) {
    const first = proto.split(',')[0]?.trim().toLowerCase();
    if (first === 'https' || first === 'http') return first;
  }
  return 'http';
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id a trusted proxy gave this request (`X-Request-Id`, nginx's `$request_id`), so its
 * access log and our lines can be matched; undefined from anyone else or when malformed.
 */
export function proxyRequestId(
  req: IncomingMessage,
  trusted: ReadonlySet<string>,
): string | undefined {
  const id = req.headers['x-request-id'];
  if (typeof id !== 'string' || !REQUEST_ID.test(id)) return undefined;
  return trusted.has(normalize(req.socket.remoteAddress ?? '')) ? id : undefined;
}
