// The system: how many instances there are, and a new instance with its name and first domain
// (SvcInstances CreateInstance, a system owner's call; the new instance gets a default org and is
// selected). A domain may not be localhost or 127.0.0.1, which belong to the default instance.

import { type FormEvent, useState } from "react";
import { idOf } from "../../api/resource-id";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useChangeInstance } from "./api/change-instance";
import type { DetailProps } from "./detail-props";

export function SystemPanel({ node, onInstancesChanged }: DetailProps) {
  // SvcInstances is the system's: a system owner's token reaches it from any instance (here the default one).
  const changeInstance = useChangeInstance(undefined);
  const action = useAction();
  const [name, setName] = useState("");
  const [domain, setDomain] = useState("");

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const created = await action.run(() => changeInstance.mutateAsync({ create: { name: name.trim(), domain: domain.trim().toLowerCase() } }));
    if (!created) return;
    setName(""), setDomain("");
    onInstancesChanged(idOf(created));
  };

  return (
    <Card title="System">
      <ErrorBanner error={action.error} onDismiss={action.clearError} />
      <p className="muted">{node.count ?? 0} instances. Select an instance or an org to edit it; type in the filter to find one.</p>
      <form className="row" onSubmit={create}>
        <label>
          New instance name <input value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label>
          Domain <input value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="acme.localhost" required />
        </label>
        <button type="submit" disabled={action.pending || !name.trim() || !domain.trim()}>
          Create instance
        </button>
      </form>
      <p className="muted">
        The instance is reached at its domain (its issuer is http://domain:port); the UI reaches it through the x-svc-instance-host header.
      </p>
    </Card>
  );
}
