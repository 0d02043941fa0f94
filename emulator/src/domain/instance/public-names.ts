// The names the default instance answers to besides loopback, and the issuer it shows under them
// (issue 28; research ci-and-distribution §3). A browser on the host reaches a container as
// localhost:8080, a backend in another container as svc-emulator:8080: with a public URL both see
// that URL as the issuer (tokens minted through one name validate through the other), while the
// back-channel endpoints of discovery follow the name the caller used, which it can reach. Listed
// names are admitted by the DNS rebinding check and served as the default instance; nothing else is.

import { hostName, isLoopbackName } from "./by-host.js";

export interface PublicNames {
  /** The default instance's issuer under loopback and listed names: an origin without a trailing slash; undefined: each Host's own. */
  readonly url: string | undefined;
  /** Extra host names (lower case, no port) served as the default instance; the public URL's own host is one of them. */
  readonly hosts: ReadonlySet<string>;
}

export const NO_PUBLIC_NAMES: PublicNames = { url: undefined, hosts: new Set() };

// A DNS name or an IPv4 address: labels of letters, digits and hyphens.
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Checks and normalizes the settings; a RangeError names what is wrong. */
export function publicNames(url: string | undefined, hosts: readonly string[] = []): PublicNames {
  const names = new Set<string>();
  for (const raw of hosts) {
    const name = raw.trim().toLowerCase();
    if (!HOST_NAME.test(name)) throw new RangeError(`a host name is a DNS name without port or scheme, like svc-emulator, not ${JSON.stringify(raw)}`);
    names.add(name);
  }
  if (url === undefined) return { url: undefined, hosts: names };
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new RangeError(`the public URL must be an absolute http(s) URL like http://localhost:8080, not ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new RangeError(`the public URL must use http or https, not ${parsed.protocol}`);
  // Every route is served at the root: a path would make an issuer whose endpoints do not exist.
  if (parsed.pathname !== "/" || parsed.search || parsed.hash || parsed.username || parsed.password)
    throw new RangeError(`the public URL is an origin (scheme, host, port) without path, query or user, not ${JSON.stringify(url)}`);
  const own = parsed.hostname.toLowerCase();
  if (!isLoopbackName(own)) names.add(own);
  return { url: parsed.origin, hosts: names };
}

/** Whether a Host (or instance-host header) value names the default instance through a listed name. */
export function isListedHost(names: PublicNames, host: string | undefined | null): boolean {
  return names.hosts.size > 0 && names.hosts.has(hostName(host));
}

/**
 * The issuer of a request that reached its instance through `host`: the public URL when one is set and
 * the host is loopback or a listed name (the default instance), else http://<host> as the product does.
 */
export function issuerOf(names: PublicNames, host: string | undefined | null): string {
  if (names.url !== undefined) {
    const name = hostName(host);
    if (isLoopbackName(name) || names.hosts.has(name)) return names.url;
  }
  return `http://${host ?? ""}`;
}
