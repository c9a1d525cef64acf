/** Hosts a plain-http push endpoint may have: only this machine (a test's push service). */
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Whether the server may post to this push endpoint. The endpoint comes from a member's browser,
 * so it is checked against the configured push services (a host or its subdomains): otherwise a
 * member could make the server post to any address it can reach, inside the network too.
 */
export function endpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const listed = hosts.some((h) => host === h || host.endsWith(`.${h}`));
  if (!listed) return false;
  if (url.protocol === 'https:') return !LOOPBACK.has(host) || hosts.includes(host);
  return url.protocol === 'http:' && LOOPBACK.has(host);
}
