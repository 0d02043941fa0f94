// The token inspector (issue 13 screen 4, research §1.4): a token from the URL fragment or pasted,
// decoded as far as it goes; header and key, claims, verification and checklist, live state from the
// emulator's records, userinfo against the ID token, curl.

import { type FormEvent, useMemo, useState } from "react";
import type { Instance } from "../../api/control";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSession } from "../../context/session";
import { useSelection } from "../../context/selection";
import { href, navigate } from "../../router";
import { ChecksCard } from "./ChecksCard";
import { ClaimsCard } from "./ClaimsCard";
import { CurlCard } from "./CurlCard";
import { type InspectInput, inspectFragment, inspectPath, useInspectInput } from "../../links/token-inspector";
import { useIntrospection } from "./api/introspect-token";
import { useSigningKeys } from "./api/list-signing-keys";
import { HeaderCard } from "./HeaderCard";
import { type Decoded, decodeToken } from "./jwt";
import { LiveCard } from "./LiveCard";
import { useEmulatorNow } from "./time";
import { UserinfoCard } from "./UserinfoCard";

/** What the inspector says of the token's form. */
const KIND_TEXT: Record<Decoded["kind"], string> = {
  opaque: "An opaque token: only the emulator's records tell what it is.",
  jwt: "A JWT.",
  malformed: "A malformed token.",
};

/** An instance's issuer: the default one is served on the emulator's own origin, others on their primary domain. */
export function issuerOf(instance: Instance, url: string, defaultIssuer: string): string {
  if (instance.isDefault || !instance.domains[0]) return defaultIssuer;
  return `http://${instance.domains[0]}:${new URL(url).port}`;
}

/** The inspector of the token in the address; a new token gets a new one, so nothing of the previous token stays on screen. */
export function Inspector() {
  const input = useInspectInput();
  return <InspectorOf key={inspectFragment(input)} input={input} />;
}

function InspectorOf({ input }: { input: InspectInput }) {
  const { session } = useSession();
  const selection = useSelection();
  const now = useEmulatorNow();
  const [pasted, setPasted] = useState(input.token);
  const token = useMemo(() => (input.token ? decodeToken(input.token) : undefined), [input.token]);
  // The token's own instance when its issuer names one, else the selected instance.
  const issuers = session.instances.map((i) => ({ instance: i, issuer: issuerOf(i, session.url, session.issuer) }));
  const own = issuers.find((i) => i.issuer === token?.payload?.iss) ?? issuers.find((i) => i.instance.id === selection.instance?.id) ?? issuers[0];
  const keys = useSigningKeys(own?.instance.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(inspectPath({ token: pasted.trim() }));
  };
  const isIdToken = !!token?.payload && token.payload.azp !== undefined && token.payload.client_id === undefined;
  // The issuance record (the access token's, for an ID token) says which claims actions added.
  const recordValue = isIdToken ? input.accessToken : token?.kind === "jwt" ? token.raw : undefined;
  const issuance = useIntrospection(recordValue, own?.instance.id);
  const names = issuance.data?.actionClaims?.[isIdToken ? "idToken" : "accessToken"];
  const added = names?.length ? { names, fn: isIdToken ? ("preuserinfo" as const) : ("preaccesstoken" as const) } : undefined;
  return (
    <>
      <h1>Token inspector</h1>
      <Card title="Token">
        <form onSubmit={submit}>
          <label className="stack">
            Paste a token (JWT or opaque); it stays in this page's address fragment, nothing is stored
            <textarea rows={3} value={pasted} onChange={(e) => setPasted(e.target.value)} spellCheck={false} />
          </label>
          <div className="row">
            <button type="submit" disabled={!pasted.trim()}>
              Inspect
            </button>
            <a href="/ui/tokens" onClick={(e) => (e.preventDefault(), navigate("/tokens"))}>
              All issued tokens
            </a>
          </div>
        </form>
        {token && (
          <p className="muted">
            {KIND_TEXT[token.kind]} Instance: {own?.instance.name ?? "none"}.
          </p>
        )}
        {!token && input.jti && (
          <p className="muted" data-testid="jwt-record">
            The record of a JWT access token, jti <code>{input.jti}</code>. The emulator keeps a JWT's jti, not the signed token: paste the JWT above to check
            its signature and read its claims. Instance: {own?.instance.name ?? "none"}.
          </p>
        )}
        {input.idToken && (
          <p>
            <a
              href={href(inspectPath({ token: input.idToken, accessToken: input.token, nonce: input.nonce }))}
              onClick={(e) => (e.preventDefault(), navigate(inspectPath({ token: input.idToken!, accessToken: input.token, nonce: input.nonce })))}
            >
              Inspect the ID token issued with it
            </a>
          </p>
        )}
        {token?.problem && (
          <p role="alert" className="error-banner" data-testid="malformed">
            {token.problem.message}
          </p>
        )}
      </Card>
      {!token && input.jti && (
        <div className="grid inspector">
          <LiveCard token={input.jti} instanceId={own?.instance.id} />
        </div>
      )}
      {token && (
        <div className="grid inspector">
          <ErrorBanner error={keys.error} />
          {token.header && <HeaderCard header={token.header} keys={keys.data} instanceName={own?.instance.name ?? ""} />}
          {token.kind !== "opaque" && own && (
            <ChecksCard token={token} keys={keys.data} expectedIssuer={own.issuer} accessToken={input.accessToken} nonce={input.nonce} now={now} />
          )}
          {token.payload && <ClaimsCard payload={token.payload} now={now} added={added} />}
          {token.kind !== "malformed" && <LiveCard token={token.raw} instanceId={own?.instance.id} />}
          {isIdToken && input.accessToken && own && <UserinfoCard idToken={token.payload!} accessToken={input.accessToken} instanceId={own.instance.id} />}
          {own && <CurlCard issuer={own.issuer} token={token.raw} accessToken={input.accessToken} />}
        </div>
      )}
    </>
  );
}
