// The token's live state from the emulator's records: its record (kind, client, user, times,
// revocation), the introspection answer its own client would get, and Revoke.

import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ConfirmButton } from "../../components/ConfirmButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { JsonView } from "../../components/JsonView";
import { useIntrospection, useRevokeToken } from "./api/introspect-token";

export function LiveCard({ token, instanceId }: { token: string; instanceId: string | undefined }) {
  const live = useIntrospection(token, instanceId);
  const revokeToken = useRevokeToken();
  const action = useAction();
  const record = live.data?.token;
  const revoke = async () => {
    if (record) await action.run(() => revokeToken.mutateAsync(record.id));
  };
  const state = !record ? undefined : record.revokedAt ? "revoked" : record.active ? "active" : "expired";
  return (
    <Card title="Live state">
      <ErrorBanner error={live.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      {live.data && !record && (
        <p data-testid="live-state">
          No token record. The emulator records the access and refresh tokens it issues; ID tokens, other issuers' tokens and tampered JWTs have none.
        </p>
      )}
      {record && state && (
        <>
          <p data-testid="live-state">
            <span className={state === "active" ? "badge badge-ok" : "badge badge-warn"}>{state}</span> {record.kind} token ({record.format}) of client{" "}
            <code>{record.clientId || "(personal access token)"}</code> for user <code>{record.userId}</code>, issued {record.createdAt}, expires{" "}
            {record.expiresAt}
            {record.revokedAt ? `, revoked ${record.revokedAt}` : ""}
          </p>
          <div className="row">
            <button type="button" onClick={() => void live.refetch()}>
              Refresh
            </button>
            {!record.revokedAt && (
              <ConfirmButton
                label="Revoke"
                className="danger"
                question={`Revoke this ${record.kind} token of ${record.clientId || "a personal access token"}? Its client can no longer use it; no undo.`}
                disabled={action.pending}
                onConfirm={() => void revoke()}
              />
            )}
          </div>
        </>
      )}
      {live.data && (
        <div data-testid="introspection">
          <JsonView value={live.data.introspection} label="Introspection (as the token's own client would see it)" />
        </div>
      )}
    </Card>
  );
}
