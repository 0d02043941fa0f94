// Userinfo (the token's instance's endpoint, asked through the control API with the access token)
// next to the ID token's claims: which claims agree, differ, or are only in one of them.

import { control } from "../../api/control";
import { useAction } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useState } from "react";

type Row = { name: string; id: unknown; info: unknown; state: string };
const text = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));
// Claims about the token itself, not the user: userinfo never has them.
const TOKEN_CLAIMS = new Set(["iss", "aud", "exp", "iat", "nbf", "jti", "azp", "nonce", "at_hash", "c_hash", "auth_time", "amr", "acr", "sid"]);

/** The endpoint's refusal in words: its status and OAuth error (RFC 6750 3: in the body or in WWW-Authenticate). */
function refusal(status: number, headers: Record<string, string>, body: unknown): string {
  const error = body && typeof body === "object" ? (body as { error?: string; error_description?: string }) : {};
  const said = error.error ? `${error.error}${error.error_description ? `: ${error.error_description}` : ""}` : headers["www-authenticate"];
  return `userinfo answered ${status}${said ? ` (${said})` : ""}`;
}

export function UserinfoCard({ idToken, accessToken, instanceId }: { idToken: Record<string, unknown>; accessToken: string; instanceId: string }) {
  const [info, setInfo] = useState<Record<string, unknown>>();
  const action = useAction();
  const load = async () => {
    const answer = await action.run(async () => {
      const res = await control.userinfo(accessToken, instanceId);
      if (res.status !== 200) throw new Error(refusal(res.status, res.headers, res.body));
      return res.body as Record<string, unknown>;
    });
    if (answer) setInfo(answer);
  };
  const names = info ? [...new Set([...Object.keys(idToken).filter((k) => !TOKEN_CLAIMS.has(k)), ...Object.keys(info)])] : [];
  const rows: Row[] = names.map((name) => {
    const id = idToken[name];
    const ui = info?.[name];
    const state = id === undefined ? "only in userinfo" : ui === undefined ? "only in the ID token" : text(id) === text(ui) ? "same" : "differs";
    return { name, id, info: ui, state };
  });
  return (
    <section className="card" aria-labelledby="userinfo-title">
      <h2 id="userinfo-title">Userinfo compared with the ID token</h2>
      <ErrorBanner error={action.error} onDismiss={action.clearError} />
      <button type="button" disabled={action.pending} onClick={load}>
        {info ? "Fetch userinfo again" : "Fetch userinfo"}
      </button>
      {info && (
        <Table
          caption="Claims of the ID token and of userinfo"
          rows={rows}
          rowKey={(r) => r.name}
          columns={[
            { id: "name", header: "Claim", cell: (r) => <code>{r.name}</code> },
            { id: "id", header: "ID token", cell: (r) => <code className="claim-value">{text(r.id)}</code> },
            { id: "info", header: "Userinfo", cell: (r) => <code className="claim-value">{text(r.info)}</code> },
            { id: "state", header: "", cell: (r) => <span className={r.state === "same" ? "badge" : "badge badge-warn"}>{r.state}</span> },
          ]}
        />
      )}
    </section>
  );
}
