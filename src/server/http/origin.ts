import type { IncomingMessage } from 'node:http';

/**
 * Browsers always send Origin on WebSocket upgrades and cross-site POSTs: accept the page's
 * own origin (same host) and configured extras. No Origin means a non-browser client, which
 * cannot carry a victim's cookies or storage, so it is allowed.
 */
export function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return host !== '' && host === req.headers.host;
}
