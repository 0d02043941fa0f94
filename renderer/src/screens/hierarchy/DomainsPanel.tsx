// An org's domains (SvcDomains): add one, validate it (offline the emulator has nothing to look up:
// validating marks it verified), make a verified one primary, delete one that is not primary.

import { type FormEvent, useState } from "react";
import { useAction, useData } from "../../api/use-data";
import { ConfirmButton } from "../../components/ConfirmButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import type { Domain, HierarchyApi } from "./api";

export function DomainsPanel({ api, orgId }: { api: HierarchyApi; orgId: string }) {
  const list = useData(() => api.domains(orgId), [api, orgId]);
  const action = useAction();
  const [domain, setDomain] = useState("");
  const act = async (work: () => Promise<unknown>) => {
    const ok = (await action.run(async () => (await work(), true))) === true;
    if (ok) await list.reload();
    return ok;
  };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (await act(() => api.addDomain(orgId, domain.trim()))) setDomain("");
  };

  return (
    <section className="card" aria-labelledby="domains-title">
      <h2 id="domains-title">Domains</h2>
      <ErrorBanner error={list.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      <form className="row" onSubmit={add}>
        <label>
          New domain <input value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="login.example.com" required />
        </label>
        <button type="submit" disabled={action.pending || !domain.trim()}>
          Add domain
        </button>
      </form>
      <Table<Domain>
        caption="Domains of the org"
        rows={list.data ?? []}
        rowKey={(d) => d.domain}
        empty="No domains."
        columns={[
          { id: "domain", header: "Domain", cell: (d) => d.domain },
          { id: "verified", header: "Verified", cell: (d) => (d.isVerified ? "yes" : "no") },
          { id: "primary", header: "Primary", cell: (d) => (d.isPrimary ? "primary" : "") },
          {
            id: "actions",
            header: <span className="offscreen">Actions</span>,
            cell: (d) => (
              <span className="row">
                {!d.isVerified && (
                  <button type="button" aria-label={`Validate ${d.domain}`} onClick={() => act(() => api.validateDomain(d.domain))}>
                    Validate
                  </button>
                )}
                {d.isVerified && !d.isPrimary && (
                  <button type="button" aria-label={`Set primary ${d.domain}`} onClick={() => act(() => api.setPrimaryDomain(d.domain))}>
                    Set primary
                  </button>
                )}
                {!d.isPrimary && (
                  <ConfirmButton
                    label="Delete"
                    ariaLabel={`Delete ${d.domain}`}
                    question={`Delete the domain ${d.domain}? Login names on it stop working.`}
                    disabled={action.pending}
                    onConfirm={() => void act(() => api.deleteDomain(d.domain))}
                  />
                )}
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
