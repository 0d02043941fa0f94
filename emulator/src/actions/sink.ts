// The built-in target sink (issue 5): `/emulator/v1/sink/{name}` takes target calls, checks their
// Svc-Signature against the keys of the targets that point at it, records each call and answers
// with the status and body configured for the name (200 and no body by default). The rows of both
// are records/sinks.ts's; this module knows the sink's path and checks signatures.

import { targetKeysWithUrlContaining } from "../domain/target/queries.js";
import type { Core } from "../domain/core.js";
import { verify } from "./signature.js";

export const SINK_PATH = "/emulator/v1/sink/";

/** Whether the signature verifies with the key of any target whose URL is this sink. */
export function sinkSignatureValid(core: Core, name: string, header: string | undefined, body: string): boolean {
  const keys = targetKeysWithUrlContaining(core.db, `${SINK_PATH}${encodeURIComponent(name)}`);
  const nowS = Math.floor(core.clock.nowMs() / 1000);
  return keys.some((k) => urlIsSink(k.url, name) && verify(header, k.key, body, nowS));
}

function urlIsSink(url: string, name: string): boolean {
  try {
    return new URL(url).pathname === `${SINK_PATH}${encodeURIComponent(name)}`;
  } catch {
    return false;
  }
}
