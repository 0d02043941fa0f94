// The instance a request belongs to is found by its Host header (or :authority) among the instances'
// domains; loopback names reach the default instance. Any other host is refused (DNS rebinding).

import type { Database } from "../../store/database.js";
import type { Instance } from "./instance.js";
import { defaultInstance, instanceByDomain } from "./queries.js";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** The host name of a Host header value, lower case, without port. */
export function hostName(host: string | undefined | null): string {
  if (!host) return "";
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  const colon = h.lastIndexOf(":");
  return colon >= 0 ? h.slice(0, colon) : h;
}

export function isLoopbackName(name: string): boolean {
  return LOOPBACK.has(name) || /^127(\.\d{1,3}){3}$/.test(name);
}

/** The instance of a Host; cached until instances change (it is read on every request). */
export function resolveInstance(db: Database, host: string | undefined | null): Instance | undefined {
  const name = hostName(host);
  return db.cached(`instance-of-host:${name}`, () => instanceByDomain(db, name) ?? (isLoopbackName(name) ? defaultInstance(db) : undefined));
}
