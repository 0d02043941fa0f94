// The request journal in the control API (issue 29): `GET /requests` with filters (oldest first),
// `GET /requests/count`, `DELETE /requests`, and `GET /requests/stream`, one server-sent event per
// request as it is answered.

import { negativeOf } from "../faults/negative-testing.js";
import { matches, type JournalFilter } from "../faults/journal.js";
import type { ControlContext } from "./control-context.js";
import { JournalCleared, JournalCount, JournalPage, JournalQuery } from "./fault-schemas.js";
import { ByInstanceQuery } from "./schemas.js";
import type { ControlApp } from "./type-provider.js";
import type { Static } from "@sinclair/typebox";

const filterOf = (q: Static<typeof JournalQuery>): JournalFilter => ({ ...q, since: q.since === undefined ? undefined : new Date(q.since).toISOString() });

export function registerRequestRoutes(app: ControlApp, ctx: ControlContext): void {
  const { journal } = negativeOf(ctx.core);

  app.get("/requests", { schema: { querystring: JournalQuery, response: { 200: JournalPage } } }, async (req) => {
    const all = journal.list(filterOf(req.query));
    return { requests: req.query.limit === undefined ? all : all.slice(0, req.query.limit), count: all.length };
  });

  app.get("/requests/count", { schema: { querystring: JournalQuery, response: { 200: JournalCount } } }, async (req) => ({
    count: journal.count(filterOf(req.query)),
  }));

  app.delete("/requests", { schema: { querystring: ByInstanceQuery, response: { 200: JournalCleared } } }, async (req) => ({
    cleared: journal.clear(req.query.instanceId),
  }));

  // Server-sent events, one `request` event per journaled request matching the filters.
  app.get("/requests/stream", { schema: { querystring: JournalQuery } }, (req, reply) => {
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
