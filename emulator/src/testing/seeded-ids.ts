// The ids a seed gave an instance, by the names a fixture file uses for them: orgs by name, users by
// user name, projects by name, apps by client id. A fixture file without ids gets new ones in every
// instance, so a test finds them here. Read through the resource API with the instance's adminPat.

export interface SeededIds {
  orgs: Record<string, string>;
  users: Record<string, string>;
  projects: Record<string, string>;
  apps: Record<string, string>;
}

type Row = { details?: { id?: string } } & Record<string, unknown>;

/** Each search: its path, and the name a row is known by in a fixture file. */
const SEARCHES: { kind: keyof SeededIds; path: string; nameOf: (row: Row) => unknown }[] = [
  { kind: "orgs", path: "organizations", nameOf: (r) => (r.organization as { name?: string } | undefined)?.name },
  { kind: "users", path: "users", nameOf: (r) => ((r.human ?? r.machine) as { username?: string } | undefined)?.username },
  { kind: "projects", path: "projects", nameOf: (r) => (r.project as { name?: string } | undefined)?.name },
  { kind: "apps", path: "apps", nameOf: (r) => r.clientId },
];

const PAGE = 1000;

/** The seeded ids of the instance reached with `instanceHost`; empty without an adminPat (a seed with no `adminPat: true` token). */
export async function seededIds(url: string, instanceHost: string, adminPat: string): Promise<SeededIds> {
  const ids: SeededIds = { orgs: {}, users: {}, projects: {}, apps: {} };
  if (!adminPat) return ids;
  await Promise.all(
    SEARCHES.map(async ({ kind, path, nameOf }) => {
      for (let offset = 0; ; offset += PAGE) {
        const res = await fetch(`${url}/resources/v3alpha/${path}/_search?query.offset=${offset}&query.limit=${PAGE}`, {
          method: "POST",
          headers: { authorization: `Bearer ${adminPat}`, "content-type": "application/json", "x-svc-instance-host": instanceHost },
          body: "[]",
        });
        const body = (await res.json()) as { result?: Row[]; details?: { endOfList?: boolean }; message?: string };
        if (!res.ok) throw new Error(`svc-emulator: reading the seeded ${kind} of ${instanceHost} answered ${res.status}: ${body.message ?? ""}`);
        for (const row of body.result ?? []) {
          const name = nameOf(row);
          if (typeof name === "string" && row.details?.id) ids[kind][name] = row.details.id;
        }
        if (body.details?.endOfList !== false || !body.result?.length) break;
      }
    }),
  );
  return ids;
}
