// GET /emulator/v1/ui/session: what the UI needs after sign-in, in one answer (issue 13). The admin
// PAT lets the UI's users and orgs screens call the resource API as the instance owner, so the UI
// reads and writes only through the public APIs (decision in docs/behaviour.md, "UI").

import { listInstances } from "../domain/instance/queries.js";
import type { ControlContext } from "./control-context.js";
import { instanceOut } from "./instance-routes.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

export function registerUiSessionRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "session", async () => ({
    ...ctx.runtime(),
    instances: listInstances(ctx.core.db).map(instanceOut),
  }));
}
