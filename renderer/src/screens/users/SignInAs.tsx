// "Sign in as": the control API's flow runner does a real code + PKCE flow as this user with a
// chosen OIDC app of the context, then its access token opens in the token inspector, with a link to
// the ID token (which the inspector opens with the access token and nonce: at_hash and nonce checks).

import { type FormEvent, useState } from "react";
import type { FlowRequest, FlowResult } from "../../api/control";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSelection } from "../../context/selection";
import { href, navigate } from "../../router";
import { needsSecretOf, preferredClientId } from "../../api/public-app";
import { inspectPath } from "../../links/token-inspector";
import { useRunFlow } from "./api/run-flow";
import { useOidcApps } from "./api/search-apps";
import type { UserRow } from "./user-list";

/**
 * Where the inspector opens for a finished flow: the access token (it has a record: live state,
 * introspection, revocation), linking the ID token issued with it; without one, the ID token.
 */
function inspectorPathOf(result: FlowResult): string | undefined {
  const value = (kind: string) => result.tokens.find((t) => t.kind === kind)?.value;
  const idToken = value("id_token");
  const access = value("access_token");
  const authorize = result.steps.find((s) => s.name === "authorize");
  const nonce = authorize ? (new URL(authorize.request.url).searchParams.get("nonce") ?? undefined) : undefined;
  if (access) return inspectPath({ token: access, idToken, nonce });
  return idToken ? inspectPath({ token: idToken, nonce }) : undefined;
}

export function SignInAs({ row }: { row: UserRow }) {
  const { instance, org } = useSelection();
  const apps = useOidcApps(org?.id);
  const runFlow = useRunFlow();
  const [clientId, setClientId] = useState("");
  const [secret, setSecret] = useState("");
  const [failed, setFailed] = useState<FlowResult>();
  const action = useAction();
  // A public app first: signing in needs no secret then (the secret field appears for a confidential one).
  const app = apps.data?.find((a) => a.clientId === clientId) ?? apps.data?.find((a) => a.clientId === preferredClientId(apps.data));
  const needsSecret = needsSecretOf(app);

  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    if (!app) return;
    const req: FlowRequest = {
      flow: "authorization_code",
      clientId: app.clientId ?? "",
      userId: row.id,
      ...(instance ? { instanceId: instance.id } : {}),
      ...(needsSecret && secret ? { clientSecret: secret } : {}),
    };
    const result = await action.run(() => runFlow.mutateAsync(req));
    if (!result) return;
    const path = result.outcome === "ok" ? inspectorPathOf(result) : undefined;
    if (path) navigate(path);
    else setFailed(result);
  };
  const failedStep = failed?.steps.find((s) => s.name === failed.failedStep);
  return (
    <Card title={`Sign in as ${row.user.loginName ?? ""}`}>
      <ErrorBanner error={apps.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      <form className="row" onSubmit={signIn}>
        <label>
          OIDC app{" "}
          <select value={app?.clientId ?? ""} onChange={(e) => (setClientId(e.target.value), setFailed(undefined))}>
            {(apps.data ?? []).map((a) => (
              <option key={a.clientId} value={a.clientId}>
                {a.oidc?.name} ({a.clientId})
              </option>
            ))}
          </select>
        </label>
        {needsSecret && (
          <label>
            Client secret <input type="password" value={secret} onChange={(e) => setSecret(e.target.value)} autoComplete="off" />
          </label>
        )}
        <button type="submit" disabled={action.pending || !app}>
          {action.pending ? "Signing in…" : "Sign in and inspect"}
        </button>
      </form>
      {apps.data?.length === 0 && <p className="muted">The context has no OIDC app.</p>}
      {failed && (
        <p role="status">
          <span className="badge badge-warn">failed at {failed.failedStep}</span> {failedStep?.response ? `HTTP ${failedStep.response.status}` : ""}{" "}
          <a href={href("/flows")} onClick={(e) => (e.preventDefault(), navigate("/flows"))}>
            Open the OIDC flows screen
          </a>
        </p>
      )}
    </Card>
  );
}
