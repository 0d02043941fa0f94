// The selected instance's feature flags, each a switch that writes through the control API.

import { control, type Features } from "../../api/control";
import { useAction } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSelection } from "../../context/selection";
import { useSession } from "../../context/session";

const FLAGS: { key: keyof Features; label: string }[] = [
  { key: "multitenancyResourcesApi", label: "Multi-tenancy resources API" },
  { key: "multitenancySettings", label: "Multi-tenancy settings" },
  { key: "oidcTokenExchange", label: "OIDC token exchange" },
  { key: "impersonation", label: "Impersonation" },
];

export function FeaturesPanel() {
  const { instance } = useSelection();
  const { refresh } = useSession();
  const action = useAction();
  if (!instance) return null;
  const set = async (key: keyof Features, on: boolean) => {
    if (await action.run(() => control.setFeatures(instance.id, { [key]: on }))) await refresh();
  };
  return (
    <section aria-labelledby="features-title" className="card">
      <h2 id="features-title">Feature flags of {instance.name}</h2>
      <ErrorBanner error={action.error} onDismiss={action.clearError} />
      <ul className="plain">
        {FLAGS.map((f) => (
          <li key={f.key}>
            <label>
              <input type="checkbox" checked={instance.features[f.key]} disabled={action.pending} onChange={(e) => set(f.key, e.target.checked)} /> {f.label}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
