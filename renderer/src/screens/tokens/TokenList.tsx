// Every token the emulator issued in the selected instance (its records: access and refresh tokens),
// with its state on the emulator clock (active, expired, revoked), a filter, and a way to inspect.

import { type FormEvent, useState } from "react";
import type { Token } from "../../api/control";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { type Column, Table } from "../../components/Table";
import { VirtualTable } from "../../components/VirtualTable";
import { useSelection } from "../../context/selection";
import { href, navigate } from "../../router";
import { inspectPath } from "../../links/token-inspector";
import { useTokens } from "./api/list-tokens";

const stateOf = (t: Token) => (t.revokedAt ? "revoked" : t.active ? "active" : "expired");
const STATES = ["all", "active", "expired", "revoked"] as const;

function InspectLink({ t }: { t: Token }) {
  // A JWT's value is not kept, only its jti: the inspector shows its record and introspection.
  const path = t.format === "jwt" ? inspectPath({ token: "", jti: t.id }) : inspectPath({ token: t.id });
  return (
    <a href={href(path)} onClick={(e) => (e.preventDefault(), navigate(path))} aria-label={`Inspect ${t.kind} token of ${t.clientId || "a PAT"}`}>
      Inspect
    </a>
  );
}

const columns: Column<Token>[] = [
  { id: "state", header: "State", cell: (t) => <span className={stateOf(t) === "active" ? "badge badge-ok" : "badge badge-warn"}>{stateOf(t)}</span> },
  { id: "kind", header: "Kind", cell: (t) => `${t.kind} (${t.format})` },
  { id: "client", header: "Client", cell: (t) => <code>{t.clientId || "(PAT)"}</code> },
  { id: "user", header: "User", cell: (t) => <code>{t.userId}</code> },
  { id: "scope", header: "Scope", cell: (t) => t.scope.join(" ") },
  { id: "created", header: "Issued", cell: (t) => <time dateTime={t.createdAt}>{t.createdAt}</time> },
  { id: "expires", header: "Expires", cell: (t) => <time dateTime={t.expiresAt}>{t.expiresAt}</time> },
  { id: "inspect", header: "", cell: (t) => <InspectLink t={t} /> },
];

export function TokenList() {
  const { instance } = useSelection();
  const tokens = useTokens(instance?.id);
  const [filter, setFilter] = useState("");
  const [state, setState] = useState<(typeof STATES)[number]>("all");
  const [pasted, setPasted] = useState("");
  const needle = filter.trim().toLowerCase();
  const rows = (tokens.data ?? [])
    .filter((t) => state === "all" || stateOf(t) === state)
    .filter((t) => !needle || [t.clientId, t.userId, t.kind, t.format, t.scope.join(" "), t.tokenId ?? ""].some((v) => v.toLowerCase().includes(needle)))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const paste = (e: FormEvent) => {
    e.preventDefault();
    navigate(inspectPath({ token: pasted.trim() }));
  };
  const TableKind = rows.length > 200 ? VirtualTable : Table;
  return (
    <>
      <h1>Tokens</h1>
      <Card title="Inspect a token">
        <form className="row" onSubmit={paste}>
          <label>
            Token <input value={pasted} onChange={(e) => setPasted(e.target.value)} size={60} spellCheck={false} />
          </label>
          <button type="submit" disabled={!pasted.trim()}>
            Inspect
          </button>
        </form>
      </Card>
      <Card title="Issued tokens">
        <ErrorBanner error={tokens.error} />
        <div className="row">
          <label>
            Filter <input value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="client, user, scope, kind" />
          </label>
          <label>
            State{" "}
            <select value={state} onChange={(e) => setState(e.target.value as (typeof STATES)[number])}>
              {STATES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => void tokens.refetch()}>
            Refresh
          </button>
        </div>
        <TableKind
          caption={`${rows.length} of ${tokens.data?.length ?? 0} tokens of ${instance?.name ?? "no instance"}`}
          columns={columns}
          rows={rows}
          rowKey={(t) => t.id}
        />
      </Card>
    </>
  );
}
