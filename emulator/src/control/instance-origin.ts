// The host an instance is reached at on this listener: loopback names reach the default instance,
// another instance its primary domain (the Host decides the instance and the issuer of its tokens).

import type { Instance } from "../domain/instance/instance.js";

export function instanceHost(instance: Instance, port: number): string {
  return instance.domains.includes("localhost") || !instance.domains[0] ? `localhost:${port}` : `${instance.domains[0]}:${port}`;
}

/** The listener's port, from the URL the emulator reports. */
export const listenerPort = (url: string): number => Number(new URL(url).port);
