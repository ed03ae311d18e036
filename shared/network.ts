// Where the app may send an API key and where it may listen: one rule for the profile form, the
// CLI, the API client and the alert receiver. A key crosses the network only encrypted (https);
// plain http is for this computer (loopback), or a sandbox on the local network when the merchant
// has said so explicitly and was warned.

/** 127.0.0.0/8, each part 0 to 255, also as an IPv4-mapped IPv6 address. */
const loopbackV4 = /^(::ffff:)?127(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Hosts that never leave this computer: 127.0.0.0/8 (also IPv4-mapped), ::1 and the literal name
 * `localhost`. Nothing else by name: `x.localhost` (or `localhost.`) is whatever a resolver, a
 * proxy or a hosts file makes of it, so plain http and a key never go there. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || loopbackV4.test(h);
}

/** Private (RFC 1918), link-local and unique-local addresses: a LAN, never the internet. */
export function isPrivateNetworkHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (/^10\.\d+\.\d+\.\d+$/.test(h) || /^192\.168\.\d+\.\d+$/.test(h) || /^169\.254\.\d+\.\d+$/.test(h)) return true;
  const m = /^172\.(\d+)\.\d+\.\d+$/.exec(h);
  if (m && Number(m[1]) >= 16 && Number(m[1]) <= 31) return true;
  return /^f[cd][0-9a-f]{2}:/.test(h) || /^fe80:/.test(h) || h.endsWith('.local');
}

/** Scheme and host of a URL (shared/ has no URL class): user info is skipped, as browsers do. */
export function urlParts(url: string): { scheme: string; host: string } | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^/\\?#@]*@)?(\[[0-9a-f:.]+\]|[^/\\?#:]+)(?::\d*)?(?:[/\\?#]|$)/i.exec(
    url.trim(),
  );
  return m ? { scheme: m[1]!.toLowerCase(), host: m[2]!.toLowerCase() } : undefined;
}

/** What is wrong with sending an API key to `url`, in words, or undefined when it may go there. */
export function serviceUrlProblem(url: string, o: { httpOnLan?: boolean | undefined } = {}): string | undefined {
  const u = urlParts(url);
  if (!u) return 'the URL is not a web address (https://host/...)';
  if (u.scheme === 'https') return undefined;
  if (u.scheme !== 'http') return 'the URL must start with https://';
  if (isLoopbackHost(u.host)) return undefined;
  if (o.httpOnLan && isPrivateNetworkHost(u.host)) return undefined;
  if (o.httpOnLan)
    return `http:// is only allowed to this computer or a local-network address; ${u.host} is neither: use https://`;
  return (
    'the URL must start with https://: over http:// the API key would cross the network unencrypted ' +
    '(http is only for a sandbox on this computer, or on your local network when you allow it explicitly)'
  );
}

/** What is wrong with listening for alerts on `address`, or undefined. Loopback unless the merchant
 * chose to listen on the network. */
export function bindAddressProblem(address: string, o: { onNetwork?: boolean | undefined } = {}): string | undefined {
  if (isLoopbackHost(address)) return undefined;
  if (o.onNetwork) return undefined;
  return (
    `${address} is reachable from other computers: listen on ` +
    '127.0.0.1, or choose explicitly to listen on the network'
  );
}
