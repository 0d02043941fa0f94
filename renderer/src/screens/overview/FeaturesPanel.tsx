// The selected instance's feature flags, each a switch that writes through the control API. A switch
// moves at once (optimistic) and moves back when the emulator refuses the change.

import { useState } from "react";
import type { Features } from "../../api/control";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSelection } from "../../context/selection";
import { useSetFeatures } from "./api/set-features";

const FLAGS: { key: keyof Features; label: string }[] = [
  { key: "multitenancyResourcesApi", label: "Multi-tenancy resources API" },
  { key: "multitenancySettings", label: "Multi-tenancy settings" },
  { key: "oidcTokenExchange", label: "OIDC token exchange" },
  { key: "impersonation", label: "Impersonation" },
];

export function FeaturesPanel() {
  const { instance } = useSelection();
  const action = useSetFeatures();
  // The changes sent and not yet answered, by instance: shown in place of the session's values meanwhile.
  const [sent, setSent] = useState<{ instanceId: string; flags: Partial<Features> }>();
  if (!instance) return null;
  const shown = sent?.instanceId === instance.id ? { ...instance.features, ...sent.flags } : instance.features;
  const set = async (key: keyof Features, on: boolean) => {
    setSent((s) => ({ instanceId: instance.id, flags: { ...(s?.instanceId === instance.id ? s.flags : {}), [key]: on } }));
    // Resolves once the session was read again (or the change refused): the error shows in the banner.
    await action.mutateAsync({ instanceId: instance.id, flags: { [key]: on } }).catch(() => undefined);
    // Answered: the session holds the new value; refused: the switch shows the old one again.
    setSent((s) => {
      if (s?.instanceId !== instance.id) return s;
      const { [key]: _done, ...rest } = s.flags;
      return { instanceId: instance.id, flags: rest };
    });
  };
  return (
    <Card title={`Feature flags of ${instance.name}`}>
      <ErrorBanner error={action.error} onDismiss={action.reset} />
      <ul className="plain">
        {FLAGS.map((f) => (
          <li key={f.key}>
            <label>
              <input type="checkbox" checked={shown[f.key]} onChange={(e) => void set(f.key, e.target.checked)} /> {f.label}
            </label>
          </li>
        ))}
      </ul>
    </Card>
  );
}
