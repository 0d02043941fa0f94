// The JOSE header and the key it names in the instance's JWKS ("key rotated out" when it is gone).

import { JsonView } from "../../components/JsonView";
import type { Jwk } from "./verify";
import { Card } from "../../components/Card";

export function HeaderCard({ header, keys, instanceName }: { header: Record<string, unknown>; keys: Jwk[] | undefined; instanceName: string }) {
  const kid = typeof header.kid === "string" ? header.kid : undefined;
  const key = kid ? keys?.find((k) => k.kid === kid) : undefined;
  return (
    <Card title="Header">
      <dl className="facts">
        {["alg", "kid", "typ"].map((name) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>
              <code>{header[name] === undefined ? "(absent)" : String(header[name])}</code>
            </dd>
          </div>
        ))}
      </dl>
      {!keys ? (
        <p className="muted">Loading the JWKS of {instanceName}…</p>
      ) : key ? (
        <JsonView value={key} label={`The matching key of ${instanceName}'s JWKS (${keys.length} published)`} />
      ) : (
        <p data-testid="key-state">
          <span className="badge badge-warn">{kid ? "key rotated out" : "no kid"}</span>{" "}
          {kid ? `No key ${kid} in the JWKS of ${instanceName} (${keys.length} published).` : "The header names no key."}
        </p>
      )}
    </Card>
  );
}
