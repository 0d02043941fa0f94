// Signature verification against the JWKS and the relying party's checklist, with "advance clock to
// expiry" to see the token expire on the emulator clock.

import { useEffect, useState } from "react";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useAdvanceClock } from "./api/read-clock";
import { type Check, runChecks } from "./checklist";
import type { Decoded } from "./jwt";
import { type Jwk, type Verification, verifySignature } from "./verify";

interface Props {
  token: Decoded;
  keys: Jwk[] | undefined;
  expectedIssuer: string;
  accessToken?: string;
  nonce?: string;
  /** The emulator's now. */
  now: Date | undefined;
}

export function ChecksCard({ token, keys, expectedIssuer, accessToken, nonce, now }: Props) {
  const [verification, setVerification] = useState<Verification>();
  const [checks, setChecks] = useState<Check[]>();
  const advanceClock = useAdvanceClock();
  const action = useAction();
  const nowS = now ? Math.floor(now.getTime() / 1000) : undefined;
  useEffect(() => {
    if (keys) void verifySignature(token, keys).then(setVerification);
  }, [token, keys]);
  useEffect(() => {
    if (!token.payload || nowS === undefined) return;
    const input = { payload: token.payload, alg: String(token.header?.alg ?? ""), expectedIssuer, accessToken, nonce, now: new Date(nowS * 1000) };
    void runChecks(input).then(setChecks);
  }, [token, expectedIssuer, accessToken, nonce, nowS]);
  const exp = typeof token.payload?.exp === "number" ? token.payload.exp : undefined;
  const toExpiry = () => action.run(() => advanceClock.mutateAsync(`${Math.max(1, (exp ?? 0) - (nowS ?? 0) + 1)}s`));
  return (
    <Card title="Verification">
      <ErrorBanner error={action.error} onDismiss={action.clearError} />
      <p data-testid="signature" className={verification?.ok ? "check-ok" : "check-failed"}>
        {verification ? verification.message : "Verifying the signature…"}
      </p>
      {!token.payload && <p data-testid="no-checks">No checklist: the payload cannot be read, so there is no claim to check.</p>}
      <ul className="plain checklist" aria-label="Checklist">
        {checks?.map((c) => (
          <li key={c.name} data-check={c.name} data-state={c.state}>
            <span className={`badge check-${c.state.replace(" ", "-")}`}>{c.state}</span> <code>{c.name}</code> {c.detail}
          </li>
        ))}
      </ul>
      {exp !== undefined && nowS !== undefined && exp > nowS && (
        <button type="button" disabled={action.pending} onClick={toExpiry}>
          Advance clock to expiry
        </button>
      )}
    </Card>
  );
}
