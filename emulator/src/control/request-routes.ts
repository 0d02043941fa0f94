// The request journal in the control API (issue 29): `GET /requests` with filters (oldest first),
// `GET /requests/count`, `DELETE /requests`, and `GET /requests/stream`, one server-sent event per
// request as it is answered.

import { negativeOf } from "../faults/negative-testing.js";
import { matches, type JournalFilter } from "../faults/journal.js";
import type { ControlContext } from "./control-context.js";
import type { JournalQuery } from "./fault-schemas.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";
import type { Static } from "@sinclair/typebox";

const filterOf = (q: Static<typeof JournalQuery>): JournalFilter => ({ ...q, since: q.since === undefined ? undefined : new Date(q.since).toISOString() });

export function registerRequestRoutes(app: ControlApp, ctx: ControlContext): void {
  const { journal } = negativeOf(ctx.core);

  route(app, "requests", async (req) => {
    const all = journal.list(filterOf(req.query));
    return { requests: req.query.limit === undefined ? all : all.slice(0, req.query.limit), count: all.length };
  });

  route(app, "requestCount", async (req) => ({
    count: journal.count(filterOf(req.query)),
  }));

  route(app, "clearRequests", async (req) => ({
    cleared: journal.clear(req.query.instanceId),
  }));

  // Server-sent events, one `request` event per journaled request matching the filters.
  route(app, "requestStream", (req, reply) => {
    const filter = filterOf(req.query);
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    reply.raw.write(": requests\n\n");
    const off = journal.onEntry((entry) => {
      if (matches(entry, filter)) reply.raw.write(`event: request\nid: ${entry.seq}\ndata: ${JSON.stringify(entry)}\n\n`);
    });
    req.raw.on("close", off);
  });
}
