// An org's domains (SvcDomains): add one, validate it (offline the emulator has nothing to look up:
// validating marks it verified), make a verified one primary, delete one that is not primary.

import { type FormEvent, useState } from "react";
import type { GetDomainJson } from "../../../../emulator/src/gen/svc/resources/domain/v3alpha/domain_service_pb.js";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ConfirmButton } from "../../components/ConfirmButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { type DomainChange, useChangeDomain, useDomains } from "./api/search-domains";

export function DomainsPanel({ instanceId, orgId }: { instanceId: string | undefined; orgId: string }) {
  const list = useDomains(instanceId, orgId);
  const changeDomain = useChangeDomain(instanceId, orgId);
  const action = useAction();
  const [domain, setDomain] = useState("");
  const act = async (change: DomainChange) => (await action.run(async () => (await changeDomain.mutateAsync(change), true))) === true;
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (await act({ add: domain.trim() })) setDomain("");
  };

  return (
    <Card title="Domains">
      <ErrorBanner error={list.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      <form className="row" onSubmit={add}>
        <label>
          New domain <input value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="login.example.com" required />
        </label>
        <button type="submit" disabled={action.pending || !domain.trim()}>
          Add domain
        </button>
      </form>
      <Table<GetDomainJson>
        caption="Domains of the org"
        rows={list.data ?? []}
        rowKey={(d) => d.domain ?? ""}
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
                  <button type="button" aria-label={`Validate ${d.domain}`} onClick={() => act({ validate: d.domain ?? "" })}>
                    Validate
                  </button>
                )}
                {d.isVerified && !d.isPrimary && (
                  <button type="button" aria-label={`Set primary ${d.domain}`} onClick={() => act({ makePrimary: d.domain ?? "" })}>
                    Set primary
                  </button>
                )}
                {!d.isPrimary && (
                  <ConfirmButton
                    label="Delete"
                    ariaLabel={`Delete ${d.domain}`}
                    question={`Delete the domain ${d.domain}? Login names on it stop working.`}
                    disabled={action.pending}
                    onConfirm={() => void act({ remove: d.domain ?? "" })}
                  />
                )}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}
