// Where each protocol is served, with copy buttons, and all of it as environment variables.

import { Card } from "../../components/Card";
import { CopyButton } from "../../components/CopyButton";
import { useSession } from "../../context/session";

export function endpointsOf(url: string, issuer: string) {
  return [
    { name: "Issuer", env: "SVC_ISSUER", value: issuer },
    { name: "Discovery", env: "SVC_DISCOVERY_URL", value: `${issuer}/.well-known/openid-configuration` },
    { name: "REST (v3alpha)", env: "SVC_REST_URL", value: `${url}/resources/v3alpha` },
    // gRPC (h2c) and gRPC-web share the one port with everything else.
    { name: "gRPC", env: "SVC_GRPC_ADDRESS", value: new URL(url).host },
    { name: "Control API", env: "SVC_CONTROL_URL", value: `${url}/emulator/v1` },
  ];
}

export function Endpoints() {
  const { session } = useSession();
  const rows = endpointsOf(session.url, session.issuer);
  const env = [...rows.map((r) => `${r.env}=${r.value}`), ...(session.adminPat ? [`SVC_ADMIN_PAT=${session.adminPat}`] : [])].join("\n");
  return (
    <Card title="Endpoints">
      <dl className="facts">
        {rows.map((r) => (
          <div key={r.name}>
            <dt>{r.name}</dt>
            <dd>
              <code>{r.value}</code> <CopyButton text={r.value} what={r.name} />
            </dd>
          </div>
        ))}
        <div>
          <dt>Data</dt>
          <dd>{session.dataDir ? <code>{session.dataDir}</code> : "in memory (nothing is written to disk)"}</dd>
        </div>
      </dl>
      <CopyButton text={env} label="Copy as env vars" />
    </Card>
  );
}
