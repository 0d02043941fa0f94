// The Actions screen (issue 13, screen 6): targets and executions of the selected instance, firing an
// event at the executions, and the live delivery log of target calls with replay.

import { useMemo, useState } from "react";
import { useSelection } from "../../context/selection";
import { useSession } from "../../context/session";
import { useTargets } from "./api/list-targets";
import { DeliveryLog } from "./DeliveryLog";
import { ExecutionsPanel } from "./ExecutionsPanel";
import { FireEventPanel } from "./FireEventPanel";
import { TargetsPanel } from "./TargetsPanel";

export default function Actions() {
  const { session } = useSession();
  const { instance } = useSelection();
  const targets = useTargets();
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
        <TargetsPanel sinkUrl={`${session.url}/emulator/v1/sink/demo`} scope={scope} />
        <ExecutionsPanel scope={scope} />
        <FireEventPanel instanceId={instance.id} targetNames={names} onFired={(r) => setFired(r.calls.map((c) => c.id))} />
        <DeliveryLog instanceId={instance.id} targetNames={names} highlight={fired} />
      </div>
    </>
  );
}
