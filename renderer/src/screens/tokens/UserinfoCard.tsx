// Userinfo (the token's instance's endpoint, asked through the control API with the access token)
// next to the ID token's claims: which claims agree, differ, or are only in one of them.

import { useState } from "react";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useUserinfo } from "./api/fetch-userinfo";

type Row = { name: string; id: unknown; info: unknown; state: string };
const text = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));
// Claims about the token itself, not the user: userinfo never has them.
const TOKEN_CLAIMS = new Set(["iss", "aud", "exp", "iat", "nbf", "jti", "azp", "nonce", "at_hash", "c_hash", "auth_time", "amr", "acr", "sid"]);

export function UserinfoCard({ idToken, accessToken, instanceId }: { idToken: Record<string, unknown>; accessToken: string; instanceId: string }) {
  const userinfo = useUserinfo(accessToken, instanceId);
  const action = useAction();
  // The last answer; a refusal keeps the one before (the banner says why).
  const [info, setInfo] = useState<Record<string, unknown>>();
  const load = async () => {
    const answer = await action.run(() => userinfo.mutateAsync());
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
    <Card title="Userinfo compared with the ID token">
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
    </Card>
  );
}
