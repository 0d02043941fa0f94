// GET /changes/stream: server-sent events, one `change` per change a screen shows (change-notices.ts),
// so the UI reads what changed again instead of polling. A burst (an import's progress, a fault hit
// by every request) is sent at once, then at most once per topic and instance every QUIET_MS.

import type { ControlContext } from "./control-context.js";
import { watchChanges } from "./change-notices.js";
import { route } from "./register-route.js";
import type { ChangeNotice } from "./schemas.js";
import type { ControlApp } from "./type-provider.js";

/** How long after a notice the same notice waits (what changed meanwhile is sent once, at its end). */
export const QUIET_MS = 200;

/** `write` for each notice: the first of a burst at once, the rest once each at the end of the quiet time. */
function coalesced(write: (notice: ChangeNotice) => void): { notify(notice: ChangeNotice): void; stop(): void } {
  let held: Map<string, ChangeNotice> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const quiet = () => {
    held = new Map();
    timer = setTimeout(flush, QUIET_MS);
  };
  const flush = () => {
    const due = held!;
    held = undefined;
    if (!due.size) return;
    for (const notice of due.values()) write(notice);
    quiet();
  };
  return {
    notify(notice) {
      if (held) return void held.set(`${notice.topic} ${notice.instanceId ?? ""}`, notice);
      write(notice);
      quiet();
    },
    stop: () => clearTimeout(timer),
  };
}

export function registerChangeRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "changeStream", (req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    reply.raw.write(": changes\n\n");
    const notices = coalesced((notice) => reply.raw.write(`event: change\ndata: ${JSON.stringify(notice)}\n\n`));
    const off = watchChanges(ctx, notices.notify);
    req.raw.on("close", () => (off(), notices.stop()));
  });
}
