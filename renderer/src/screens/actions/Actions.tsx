// The Actions screen (issue 13, screen 6): targets and executions of the default instance, firing an
// event at the executions, and the live delivery log of target calls with replay.

import { useMemo, useState } from "react";
import { useData } from "../../api/use-data";
import { useSession } from "../../context/session";
import { actionsApi } from "./actions-api";
import { DeliveryLog } from "./DeliveryLog";
import { ExecutionsPanel } from "./ExecutionsPanel";
import { FireEventPanel } from "./FireEventPanel";
import { TargetsPanel } from "./TargetsPanel";

export default function Actions() {
  const { session, resource } = useSession();
  const api = useMemo(() => actionsApi(resource), [resource]);
  const targets = useData(api.targets, [api]);
  const executions = useData(api.executions, [api]);
  const [fired, setFired] = useState<string[]>([]);
  // The resource API reaches the default instance from the UI's origin, so the whole screen is its.
  const instance = session.instances.find((i) => i.isDefault) ?? session.instances[0];
  const names = useMemo(() => new Map((targets.data ?? []).map((t) => [t.id, t.name])), [targets.data]);
  if (!instance) return <h1>Actions</h1>;
  return (
    <>
      <h1>Actions</h1>
      <p className="muted">
        Targets, executions and calls of the default instance, {instance.name} ({instance.id}).
      </p>
      <div className="grid">
        <TargetsPanel api={api} targets={targets} sinkUrl={`${session.url}/emulator/v1/sink/demo`} />
        <ExecutionsPanel api={api} targets={targets} executions={executions} />
        <FireEventPanel instanceId={instance.id} targetNames={names} executions={executions.data ?? []} onFired={(r) => setFired(r.calls.map((c) => c.id))} />
        <DeliveryLog instanceId={instance.id} targetNames={names} highlight={fired} />
      </div>
    </>
  );
}
