// Signature verification against the JWKS and the relying party's checklist, with "advance clock to
// expiry" to see the token expire on the emulator clock.

import { useEffect, useState } from "react";
import { control } from "../../api/control";
import { useAction } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import { type Check, runChecks } from "./checklist";
import type { Decoded } from "./jwt";
import type { EmulatorClock } from "./time";
import { type Jwk, type Verification, verifySignature } from "./verify";

interface Props {
  token: Decoded;
  keys: Jwk[] | undefined;
  expectedIssuer: string;
  accessToken?: string;
  nonce?: string;
  clock: EmulatorClock;
}

export function ChecksCard({ token, keys, expectedIssuer, accessToken, nonce, clock }: Props) {
  const [verification, setVerification] = useState<Verification>();
  const [checks, setChecks] = useState<Check[]>();
  const action = useAction();
  const nowS = clock.now ? Math.floor(clock.now.getTime() / 1000) : undefined;
  useEffect(() => {
    if (keys) void verifySignature(token, keys).then(setVerification);
  }, [token, keys]);
  useEffect(() => {
    if (!token.payload || nowS === undefined) return;
    const input = { payload: token.payload, alg: String(token.header?.alg ?? ""), expectedIssuer, accessToken, nonce, now: new Date(nowS * 1000) };
    void runChecks(input).then(setChecks);
  }, [token, expectedIssuer, accessToken, nonce, nowS]);
  const exp = typeof token.payload?.exp === "number" ? token.payload.exp : undefined;
  const toExpiry = async () => {
    const state = await action.run(() => control.advanceClock(`${Math.max(1, (exp ?? 0) - (nowS ?? 0) + 1)}s`));
    if (state) clock.set(state);
  };
  return (
    <section className="card" aria-labelledby="checks-title">
      <h2 id="checks-title">Verification</h2>
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
    </section>
  );
}
