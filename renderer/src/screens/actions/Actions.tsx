// The Actions screen (issue 13, screen 6): targets and executions of the selected instance, firing an
// event at the executions, and the live delivery log of target calls with replay.

import { useMemo, useState } from "react";
import { useData } from "../../api/use-data";
import { useSelection } from "../../context/selection";
import { useSession } from "../../context/session";
import { actionsApi } from "./actions-api";
import { DeliveryLog } from "./DeliveryLog";
import { ExecutionsPanel } from "./ExecutionsPanel";
import { FireEventPanel } from "./FireEventPanel";
import { TargetsPanel } from "./TargetsPanel";

export default function Actions() {
  const { session } = useSession();
  const { instance, resource } = useSelection();
  const api = useMemo(() => actionsApi(resource), [resource]);
  const targets = useData(api.targets, [api]);
  const executions = useData(api.executions, [api]);
  const [fired, setFired] = useState<string[]>([]);
  const names = useMemo(() => new Map((targets.data ?? []).map((t) => [t.id, t.name])), [targets.data]);
  if (!instance) return <h1>Actions</h1>;
  const scope = instance.isDefault ? "the default instance" : instance.name;
  return (
    <>
      <h1>Actions</h1>
      <p className="muted">
        Targets, executions and calls of the instance {instance.name} ({instance.id}).
      </p>
      <div className="grid">
        <TargetsPanel api={api} targets={targets} sinkUrl={`${session.url}/emulator/v1/sink/demo`} scope={scope} />
        <ExecutionsPanel api={api} targets={targets} executions={executions} scope={scope} />
        <FireEventPanel instanceId={instance.id} targetNames={names} executions={executions.data ?? []} onFired={(r) => setFired(r.calls.map((c) => c.id))} />
        <DeliveryLog instanceId={instance.id} targetNames={names} highlight={fired} />
      </div>
    </>
  );
}
