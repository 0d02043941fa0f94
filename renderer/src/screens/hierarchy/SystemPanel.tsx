// The system: how many instances there are, and a new instance with its name and first domain
// (SvcInstances CreateInstance, a system owner's call; the new instance gets a default org and is
// selected). A domain may not be localhost or 127.0.0.1, which belong to the default instance.

import { type FormEvent, useState } from "react";
import { useAction } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import type { DetailProps } from "./detail-props";

export function SystemPanel({ node, api, onInstancesChanged }: DetailProps) {
  const action = useAction();
  const [name, setName] = useState("");
  const [domain, setDomain] = useState("");

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const created = await action.run(() => api.createInstance(name.trim(), domain.trim().toLowerCase()));
    if (!created) return;
    setName(""), setDomain("");
    await onInstancesChanged(created.details.id);
  };

  return (
    <section className="card" aria-labelledby="system-title">
      <h2 id="system-title">System</h2>
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
    </section>
  );
}
