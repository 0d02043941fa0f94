// The selected context as a trail, on every screen: System › instance › org.

import { useSelection } from "../context/selection";

export function Breadcrumb() {
  const { instance, org } = useSelection();
  const parts = ["System", instance ? `Instance ${instance.name}` : "no instance", ...(org ? [`Org ${org.name}`] : [])];
  return (
    <nav aria-label="Selected context" className="breadcrumb">
      <ol>
        {parts.map((p, i) => (
          <li key={p} aria-current={i === parts.length - 1 ? "location" : undefined}>
            {p}
          </li>
        ))}
      </ol>
    </nav>
  );
}
