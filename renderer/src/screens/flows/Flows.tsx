// The OIDC flows screen (issue 13, screen 5): run code + PKCE, the device flow, client credentials,
// refresh and token exchange through the control API's flow runner against any app of the selected
// instance (its apps and users from that instance's resource API), and show each step with its raw
// HTTP exchange.

import { type FormEvent, useState } from "react";
import { needsSecretOf, preferredClientId } from "../../api/public-app";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSelection } from "../../context/selection";
import { useOidcApps, useUsers } from "./api/list-clients";
import { type FlowRequest, type FlowResult, useRunFlow } from "./api/run-flow";
import { Timeline } from "./Timeline";

type Flow = FlowRequest["flow"];
const FLOWS: [Flow, string][] = [
  ["authorization_code", "Code + PKCE"],
  ["device_code", "Device code"],
  ["client_credentials", "Client credentials"],
  ["refresh_token", "Refresh"],
  ["token_exchange", "Token exchange"],
];

export default function Flows() {
  const { instance } = useSelection();
  const apps = useOidcApps();
  const users = useUsers();
  const [flow, setFlow] = useState<Flow>("authorization_code");
  const [clientId, setClientId] = useState("");
  const [userId, setUserId] = useState("");
  const [secret, setSecret] = useState("");
  const [scope, setScope] = useState("");
  const [token, setToken] = useState("");
  const [result, setResult] = useState<FlowResult>();
  const action = useRunFlow();
  const machine = flow === "client_credentials";
  // The flows in which a human signs in (the runner acts as that user's browser).
  const signsIn = flow === "authorization_code" || flow === "device_code";
  const clients = machine
    ? (users.data ?? []).filter((u) => u.machine).map((u) => ({ id: (u.loginName ?? "").split("@")[0]!, label: u.loginName ?? "" }))
    : (apps.data ?? []).map((a) => ({ id: a.clientId ?? "", label: `${a.oidc?.name ?? ""} (${a.clientId ?? ""})` }));
  const humans = (users.data ?? []).filter((u) => u.human);
  // A choice made in another instance falls back to this one's first public app (code + PKCE needs
  // no secret, so Run just works), else its first client.
  const preferred = machine ? undefined : preferredClientId(apps.data);
  const chosenClient = clients.some((c) => c.id === clientId) ? clientId : (preferred ?? clients[0]?.id ?? "");
  const chosenUser = humans.some((u) => u.details?.id === userId) ? userId : (humans[0]?.details?.id ?? "");
  const app = apps.data?.find((a) => a.clientId === chosenClient);
  const needsSecret = machine || needsSecretOf(app);

  /** Runs `which` flow with the form's choices (and `tokenValue` as its refresh or subject token). */
  const start = async (which: Flow, tokenValue: string) => {
    const req: FlowRequest = { flow: which, clientId: chosenClient, ...(instance ? { instanceId: instance.id } : {}) };
    if (which === "authorization_code" || which === "device_code") req.userId = chosenUser;
    if (needsSecret && secret) req.clientSecret = secret;
    if (scope.trim()) req.scope = scope.trim();
    if (which === "refresh_token") req.refreshToken = tokenValue.trim();
    if (which === "token_exchange") req.subjectToken = tokenValue.trim();
    const answer = await action.mutateAsync(req).catch(() => undefined);
    if (answer) setResult(answer);
  };
  const run = (e: FormEvent) => {
    e.preventDefault();
    void start(flow, token);
  };
  /** Runs the next flow at once with a token of this result (the form shows what ran). */
  const reuse = (next: Flow, kind: "refresh_token" | "access_token") => {
    const value = result?.tokens.find((t) => t.kind === kind)?.value ?? "";
    setFlow(next);
    setToken(value);
    void start(next, value);
  };
  return (
    <>
      <h1>OIDC flows</h1>
      <Card title="Run a flow">
        <ErrorBanner error={apps.error ?? users.error ?? action.error} onDismiss={action.error ? action.reset : undefined} />
        <form className="flow-form" onSubmit={run}>
          <label>
            Flow{" "}
            <select value={flow} onChange={(e) => (setFlow(e.target.value as Flow), setClientId(""))}>
              {FLOWS.map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            {machine ? "Machine user" : "App"}{" "}
            <select value={chosenClient} onChange={(e) => setClientId(e.target.value)}>
              {clients.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          {signsIn && (
            <label>
              Signs in as{" "}
              <select value={chosenUser} onChange={(e) => setUserId(e.target.value)}>
                {humans.map((u) => (
                  <option key={u.details?.id} value={u.details?.id}>
                    {u.loginName}
                  </option>
                ))}
              </select>
            </label>
          )}
          {needsSecret && (
            <label>
              Client secret{" "}
              <input type="password" value={secret} onChange={(e) => setSecret(e.target.value)} autoComplete="off" aria-describedby="secret-help" />
              <span id="secret-help" className="muted">
                {" "}
                the emulator keeps only a digest of it
              </span>
            </label>
          )}
          {(flow === "refresh_token" || flow === "token_exchange") && (
            <label>
              {flow === "refresh_token" ? "Refresh token" : "Subject token (access token)"}{" "}
              <input value={token} onChange={(e) => setToken(e.target.value)} size={50} spellCheck={false} />
            </label>
          )}
          <label>
            Scope <input value={scope} onChange={(e) => setScope(e.target.value)} placeholder="default: openid profile email offline_access" size={40} />
          </label>
          <button type="submit" disabled={action.isPending || !chosenClient}>
            {action.isPending ? "Running…" : "Run"}
          </button>
        </form>
        {apps.data && users.data && clients.length === 0 && (
          <p className="muted">
            {instance?.name ?? "The instance"} has no {machine ? "machine user" : "OIDC app"} yet: create one through the resource API (or import an org), then
            run a flow here.
          </p>
        )}
        {result?.tokens.some((t) => t.kind === "refresh_token") && (
          <button type="button" disabled={action.isPending} onClick={() => reuse("refresh_token", "refresh_token")}>
            Refresh with this refresh token
          </button>
        )}{" "}
        {result?.tokens.some((t) => t.kind === "access_token") && (
          <button type="button" disabled={action.isPending} onClick={() => reuse("token_exchange", "access_token")}>
            Exchange this access token
          </button>
        )}
      </Card>
      {result && <Timeline result={result} />}
    </>
  );
}
