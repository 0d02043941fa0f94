// A flow's steps in order, each with its raw HTTP exchange (secrets masked by the runner), and the
// tokens it returned with a link into the inspector.

import type { FlowResult, FlowStep } from "../../api/control";
import { Card } from "../../components/Card";
import { JsonView } from "../../components/JsonView";
import { href, navigate } from "../../router";
import { inspectPath } from "../../links/token-inspector";

function Exchange({ step }: { step: FlowStep }) {
  return (
    <details>
      <summary>Raw exchange</summary>
      <JsonView value={step.request} label="Request" />
      {step.response ? <JsonView value={step.response} label="Response" /> : <p className="muted">{step.note}</p>}
    </details>
  );
}

const statusClass = (status: number | undefined) => (status === undefined ? "badge" : status < 400 ? "badge badge-ok" : "badge badge-warn");

export function Timeline({ result }: { result: FlowResult }) {
  const authorize = result.steps.find((s) => s.name === "authorize");
  const nonce = authorize ? (new URL(authorize.request.url).searchParams.get("nonce") ?? undefined) : undefined;
  const access = result.tokens.find((t) => t.kind === "access_token")?.value;
  return (
    <Card
      title={
        <>
          {result.flow} for <code>{result.clientId}</code>:{" "}
          <span className={result.outcome === "ok" ? "badge badge-ok" : "badge badge-warn"}>
            {result.outcome === "ok" ? "completed" : `failed at ${result.failedStep}`}
          </span>
        </>
      }
    >
      <ol className="timeline">
        {result.steps.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are in order and never reordered
          <li key={i} data-step={s.name}>
            <span className="step-name">{s.name}</span> <span className={statusClass(s.response?.status)}>{s.response?.status ?? "not sent"}</span>{" "}
            <code className="step-url">
              {s.request.method} {s.request.url}
            </code>
            {s.note && s.response && <p className="muted step-note">{s.note}</p>}
            <Exchange step={s} />
          </li>
        ))}
      </ol>
      {result.tokens.length > 0 && (
        <ul className="plain">
          {result.tokens.map((t) => {
            const path = inspectPath({ token: t.value, ...(t.kind === "id_token" ? { accessToken: access, nonce } : {}) });
            return (
              <li key={t.kind}>
                <a href={href(path)} onClick={(e) => (e.preventDefault(), navigate(path))}>
                  Inspect the {t.kind.replace("_", " ")}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
