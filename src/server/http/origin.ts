import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { requestScheme } from './client.js';

/** Which names and pages this server answers to. */
export interface OriginPolicy {
  /** Host names (no port) accepted in `Host`, besides IP literals and localhost. */
  readonly allowedHosts: ReadonlySet<string>;
  /** Origins (scheme://host[:port]) that may open sockets and create games, besides the page's own. */
  readonly allowedOrigins: readonly string[];
  readonly trustedProxies: ReadonlySet<string>;
}

const hostname = (host: string): string | undefined => {
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return undefined;
  }
};

/**
 * DNS rebinding points a name the attacker owns at this server, so the page's Host (and Origin)
 * name that foreign host. A literal IP address cannot be rebound, and localhost names resolve
 * only here; any other name must be configured (`PUBLIC_URL`, `ALLOWED_HOSTS`).
 */
export function hostAllowed(req: IncomingMessage, policy: OriginPolicy): boolean {
  const host = req.headers.host;
  if (host === undefined) return false;
  const name = hostname(host);
  if (name === undefined || name === '') return false;
  if (isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return policy.allowedHosts.has(name);
}

/**
 * Browsers always send Origin on WebSocket upgrades and cross-site POSTs: accept the page's
 * own origin (same scheme and host as this request) and configured extras. No Origin means a
 * non-browser client, which cannot carry a victim's cookies or storage, so it is allowed.
 */
export function originAllowed(req: IncomingMessage, policy: OriginPolicy): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (policy.allowedOrigins.includes(origin)) return true;
  const host = req.headers.host;
  if (host === undefined || !hostAllowed(req, policy)) return false;
  return (
    origin.toLowerCase() === `${requestScheme(req, policy.trustedProxies)}://${host}`.toLowerCase()
  );
}
