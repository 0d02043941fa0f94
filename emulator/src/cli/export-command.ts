// `svc-emulator export [--org ID…] [--with-passwords] [--out FILE]`: the admin API's ExportData
// (POST /admin/v1/export, a PAT of an instance owner) with response_output; the `{orgs:[…]}`
// document goes to FILE or to stdout, progress and the summary to stderr.

import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { progress } from "./progress.js";
import { CommandError, postJson, remoteOf, UsageError } from "./remote.js";

export const EXPORT_USAGE = `Usage: svc-emulator export [--org ID]... [--with-passwords] [--out FILE] [--url URL] [--token PAT]

Exports orgs of a running emulator as the admin API's {orgs:[...]} document.
  --org ID           export this org (repeatable; default: every org of the instance)
  --with-passwords   include the users' bcrypt hashes
  --out FILE         write the document to FILE (default: stdout)
  --url URL          the emulator (default: $SVC_EMULATOR_URL)
  --token PAT        a PAT of an instance owner, e.g. the adminPat printed by start (default: $SVC_EMULATOR_TOKEN)`;

export async function exportCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      org: { type: "string", multiple: true },
      "with-passwords": { type: "boolean" },
      out: { type: "string" },
      url: { type: "string" },
      token: { type: "string" },
    },
  });
  if (positionals.length) throw new UsageError(`export takes no arguments: ${positionals.join(" ")}`);
  if (values.out !== undefined && !values.out.trim()) throw new UsageError("--out needs a file");
  const orgIds = values.org ?? [];
  if (orgIds.some((id) => !id.trim())) throw new UsageError("--org needs an org id");
  const remote = remoteOf(values, "a PAT of an instance owner");
  const bar = progress("export", values.out ? 2 : 1);
  bar.step(`requesting ${orgIds.length ? `${orgIds.length} org(s)` : "every org"} from ${remote.url}`);
  const body = { orgIds, withPasswords: values["with-passwords"] ?? false, responseOutput: true };
  const answer = (await postJson(remote, "/admin/v1/export", body)) as { orgs?: unknown[] };
  const document = { orgs: answer.orgs ?? [] };
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (values.out) {
    bar.step(`writing ${values.out}`);
    try {
      writeFileSync(values.out, text);
    } catch (e) {
      throw new CommandError(`cannot write ${values.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  } else process.stdout.write(text);
  bar.done(`${document.orgs.length} org(s) exported${values.out ? ` to ${values.out}` : ""}`);
  return 0;
}
