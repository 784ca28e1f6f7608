// The dev server answers only requests addressed to it. A web page on another site can make the
// author's browser send requests to 127.0.0.1 under its own name (DNS rebinding: evil.example
// resolves to 127.0.0.1), and then read the answers as same-origin; such requests carry
// `Host: evil.example`, so refusing names other than the served ones closes that door.
// An IP address in Host is always accepted: rebinding needs a name, and with `--host 0.0.0.0`
// a phone on the network reaches the server by the machine's address. (Vite's rule.)
import { isIP } from 'node:net';

/** Whether a request's Host header names this server: localhost, an IP address, or one of `names`. */
export function hostAllowed(header: string | undefined, names: readonly string[]): boolean {
  if (!header) return false;
  // "[::1]:3000" → "::1"; "localhost:3000" → "localhost".
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(header);
  const hostname = (bracketed ? bracketed[1] ?? '' : header.replace(/:\d+$/, '')).toLowerCase().replace(/\.$/, '');
  if (isIP(hostname) !== 0) return true;
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  return names.some((name) => name.toLowerCase() === hostname);
}
